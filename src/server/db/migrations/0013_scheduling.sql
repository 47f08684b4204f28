-- The exclusion constraint below compares user ids (text) with =, which a GiST index does with btree_gist
-- (a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE TABLE "booking_hosts" (
	"booking_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"during" "tstzrange" NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "booking_hosts_booking_id_user_id_pk" PRIMARY KEY("booking_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"uid" text NOT NULL,
	"sequence" integer DEFAULT 0 NOT NULL,
	"kind" text NOT NULL,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"guest_name" text NOT NULL,
	"guest_email" text NOT NULL,
	"guest_company" text,
	"topic" text,
	"guest_time_zone" text NOT NULL,
	"application_id" uuid,
	"manage_token_hash" text NOT NULL,
	"reminder_sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bookings_uid_unique" UNIQUE("uid"),
	CONSTRAINT "bookings_manage_token_hash_unique" UNIQUE("manage_token_hash"),
	CONSTRAINT "bookings_kind" CHECK (kind in ('meeting', 'interview')),
	CONSTRAINT "bookings_status" CHECK (status in ('confirmed', 'cancelled')),
	CONSTRAINT "bookings_times" CHECK ("bookings"."ends_at" > "bookings"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "staff_days_off" (
	"user_id" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "staff_days_off_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "staff_schedules" (
	"user_id" text PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'America/Chicago' NOT NULL,
	"weekly_hours" jsonb NOT NULL,
	"buffer_minutes" integer DEFAULT 10 NOT NULL,
	"notice_minutes" integer DEFAULT 1440 NOT NULL,
	"daily_cap" integer,
	"takes_meetings" boolean DEFAULT true NOT NULL,
	"feed_token_hash" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_schedules_feed_token_hash_unique" UNIQUE("feed_token_hash"),
	CONSTRAINT "staff_schedules_buffer" CHECK ("staff_schedules"."buffer_minutes" between 0 and 240),
	CONSTRAINT "staff_schedules_notice" CHECK ("staff_schedules"."notice_minutes" between 0 and 43200),
	CONSTRAINT "staff_schedules_cap" CHECK ("staff_schedules"."daily_cap" is null or "staff_schedules"."daily_cap" between 1 and 24)
);
--> statement-breakpoint
ALTER TABLE "booking_hosts" ADD CONSTRAINT "booking_hosts_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_hosts" ADD CONSTRAINT "booking_hosts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_days_off" ADD CONSTRAINT "staff_days_off_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_schedules" ADD CONSTRAINT "staff_schedules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_hosts_user_idx" ON "booking_hosts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bookings_starts_idx" ON "bookings" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "bookings_application_idx" ON "bookings" USING btree ("application_id");--> statement-breakpoint
-- Nobody is held twice at once: two active holds of one person never overlap (issue 31).
ALTER TABLE "booking_hosts" ADD CONSTRAINT "booking_hosts_no_overlap" EXCLUDE USING gist ("user_id" WITH =, "during" WITH &&) WHERE ("active");
