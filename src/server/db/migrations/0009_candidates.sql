CREATE TABLE "application_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "application_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "job_alert_matches" (
	"alert_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "job_alert_matches_alert_id_position_id_pk" PRIMARY KEY("alert_id","position_id")
);
--> statement-breakpoint
CREATE TABLE "job_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"department_id" uuid,
	"location" text,
	"confirm_token_hash" text NOT NULL,
	"unsubscribe_token_hash" text NOT NULL,
	"confirmed_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_alerts_confirm_token_hash_unique" UNIQUE("confirm_token_hash"),
	CONSTRAINT "job_alerts_unsubscribe_token_hash_unique" UNIQUE("unsubscribe_token_hash"),
	CONSTRAINT "job_alerts_email_filter" UNIQUE NULLS NOT DISTINCT("email","department_id","location"),
	CONSTRAINT "job_alerts_email_lowercase" CHECK ("job_alerts"."email" = lower("job_alerts"."email"))
);
--> statement-breakpoint
ALTER TABLE "application_status_history" DROP CONSTRAINT "application_status_history_status";--> statement-breakpoint
ALTER TABLE "applications" DROP CONSTRAINT "applications_status";--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "announced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_links" ADD CONSTRAINT "application_links_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_matches" ADD CONSTRAINT "job_alert_matches_alert_id_job_alerts_id_fk" FOREIGN KEY ("alert_id") REFERENCES "public"."job_alerts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alert_matches" ADD CONSTRAINT "job_alert_matches_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_alerts" ADD CONSTRAINT "job_alerts_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_links_application_idx" ON "application_links" USING btree ("application_id");--> statement-breakpoint
ALTER TABLE "application_status_history" ADD CONSTRAINT "application_status_history_status" CHECK (status in ('pending', 'reviewing', 'interview', 'offer', 'hired', 'rejected', 'withdrawn'));--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_status" CHECK (status in ('pending', 'reviewing', 'interview', 'offer', 'hired', 'rejected', 'withdrawn'));--> statement-breakpoint
-- Positions published before job alerts existed count as announced: activating one again tells nobody.
UPDATE "positions" SET "announced_at" = "created_at";
