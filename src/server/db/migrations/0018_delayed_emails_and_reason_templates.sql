ALTER TABLE "application_emails" ADD COLUMN "send_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_emails" ADD COLUMN "job_id" text;--> statement-breakpoint
ALTER TABLE "application_emails" ADD COLUMN "cancelled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "application_emails" ADD COLUMN "cancelled_by_email" text;--> statement-breakpoint
ALTER TABLE "rejection_reasons" ADD COLUMN "email_subject" text;--> statement-breakpoint
ALTER TABLE "rejection_reasons" ADD COLUMN "email_body" text;