-- Issue 53: CalDAV accounts (server, user, sealed app password) whose calendars are calendar_sources rows (picked to be read,
-- one of a person's to write bookings into), the bookings written there, and when an owner was told a calendar cannot be read.
CREATE TABLE "calendar_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"server_url" text NOT NULL,
	"label" text NOT NULL,
	"username" text NOT NULL,
	"password_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_event_copies" (
	"booking_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"source_id" uuid NOT NULL,
	"href" text NOT NULL,
	"sequence" integer NOT NULL,
	"written_at" timestamp with time zone NOT NULL,
	CONSTRAINT "calendar_event_copies_booking_id_user_id_pk" PRIMARY KEY("booking_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "calendar_sources" ALTER COLUMN "link_sealed" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_sources" ALTER COLUMN "link_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_sources" ADD COLUMN "account_id" uuid;--> statement-breakpoint
ALTER TABLE "calendar_sources" ADD COLUMN "calendar_url" text;--> statement-breakpoint
ALTER TABLE "calendar_sources" ADD COLUMN "reads_busy" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_sources" ADD COLUMN "writes_bookings" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_sources" ADD COLUMN "unreadable_told_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "calendar_accounts" ADD CONSTRAINT "calendar_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_copies" ADD CONSTRAINT "calendar_event_copies_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_copies" ADD CONSTRAINT "calendar_event_copies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_event_copies" ADD CONSTRAINT "calendar_event_copies_source_id_calendar_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."calendar_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_accounts_user_server_idx" ON "calendar_accounts" USING btree ("user_id","server_url","username");--> statement-breakpoint
ALTER TABLE "calendar_sources" ADD CONSTRAINT "calendar_sources_account_id_calendar_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."calendar_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_sources_account_calendar_idx" ON "calendar_sources" USING btree ("account_id","calendar_url");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_sources_one_writer_idx" ON "calendar_sources" USING btree ("user_id") WHERE "calendar_sources"."writes_bookings";