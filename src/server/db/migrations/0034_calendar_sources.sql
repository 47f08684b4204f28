-- Issue 53: a person's own calendars (a secret iCalendar link, sealed under AUTH_SECRET) and the busy times
-- each read gave (start and end only, replaced whole at each read).
CREATE TABLE "calendar_busy_times" (
	"source_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "calendar_sources" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"label" text NOT NULL,
	"link_sealed" text NOT NULL,
	"link_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"busy_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"error_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "calendar_busy_times" ADD CONSTRAINT "calendar_busy_times_source_id_calendar_sources_id_fk" FOREIGN KEY ("source_id") REFERENCES "public"."calendar_sources"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_busy_times" ADD CONSTRAINT "calendar_busy_times_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_sources" ADD CONSTRAINT "calendar_sources_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "calendar_busy_times_user_idx" ON "calendar_busy_times" USING btree ("user_id","ends_at");--> statement-breakpoint
CREATE INDEX "calendar_busy_times_source_idx" ON "calendar_busy_times" USING btree ("source_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_sources_user_link_idx" ON "calendar_sources" USING btree ("user_id","link_hash");