CREATE TABLE "app_meta" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"position_id" uuid NOT NULL,
	"full_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"address" text NOT NULL,
	"gender" text NOT NULL,
	"linkedin_profile" text,
	"github_profile" text,
	"vercel_profile" text,
	"cover_letter" text NOT NULL,
	"resume_upload_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applications_full_name_length" CHECK (char_length("applications"."full_name") between 5 and 200),
	CONSTRAINT "applications_email" CHECK ("applications"."email" ~* '^[^@\s]+@[^@\s]+\.[a-z]{2,}$'),
	CONSTRAINT "applications_phone" CHECK ("applications"."phone" ~ '^\+[0-9]{7,18}$'),
	CONSTRAINT "applications_address_length" CHECK (char_length("applications"."address") >= 10),
	CONSTRAINT "applications_gender" CHECK (gender in ('male', 'female', 'prefer-not-to-say')),
	CONSTRAINT "applications_status" CHECK (status in ('pending', 'reviewing', 'interview', 'offer', 'hired', 'rejected')),
	CONSTRAINT "applications_cover_letter_not_blank" CHECK (char_length(trim("applications"."cover_letter")) > 0)
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_user_id" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"reason" text NOT NULL,
	"message" text NOT NULL,
	"attachment_upload_id" uuid,
	"read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_reason" CHECK (reason in ('consultation', 'job inquiry', 'partnership', 'support', 'general question')),
	CONSTRAINT "contact_messages_email" CHECK ("contact_messages"."email" ~* '^[^@\s]+@[^@\s]+\.[a-z]{2,}$'),
	CONSTRAINT "contact_messages_message_not_blank" CHECK (char_length(trim("contact_messages"."message")) > 0)
);
--> statement-breakpoint
CREATE TABLE "departments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "departments_name_unique" UNIQUE("name"),
	CONSTRAINT "departments_name_length" CHECK (char_length("departments"."name") between 2 and 80)
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"location" text NOT NULL,
	"type" text DEFAULT 'Remote' NOT NULL,
	"department_id" uuid,
	"requirements" text[] DEFAULT '{}'::text[] NOT NULL,
	"responsibilities" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"salary_min" integer,
	"salary_max" integer,
	"salary_currency" text DEFAULT 'USD' NOT NULL,
	"closes_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positions_title_length" CHECK (char_length("positions"."title") between 2 and 200),
	CONSTRAINT "positions_description_not_blank" CHECK (char_length(trim("positions"."description")) > 0),
	CONSTRAINT "positions_location_not_blank" CHECK (char_length(trim("positions"."location")) > 0),
	CONSTRAINT "positions_type" CHECK (type in ('Full-time', 'Part-time', 'Contract', 'Internship', 'Remote')),
	CONSTRAINT "positions_salary_range" CHECK ("positions"."salary_min" is null or "positions"."salary_max" is null or ("positions"."salary_min" >= 0 and "positions"."salary_min" <= "positions"."salary_max")),
	CONSTRAINT "positions_salary_currency" CHECK ("positions"."salary_currency" ~ '^[A-Z]{3}$')
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"storage_key" text NOT NULL,
	"purpose" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"attached_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "uploads_purpose" CHECK (purpose in ('resume', 'contact-attachment')),
	CONSTRAINT "uploads_size" CHECK ("uploads"."size" > 0 and "uploads"."size" <= 10485760)
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_resume_upload_id_uploads_id_fk" FOREIGN KEY ("resume_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_attachment_upload_id_uploads_id_fk" FOREIGN KEY ("attachment_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_department_id_departments_id_fk" FOREIGN KEY ("department_id") REFERENCES "public"."departments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_position_created_idx" ON "applications" USING btree ("position_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "positions_active_created_idx" ON "positions" USING btree ("is_active","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "positions_department_idx" ON "positions" USING btree ("department_id");--> statement-breakpoint
CREATE INDEX "uploads_unattached_idx" ON "uploads" USING btree ("created_at") WHERE attached_at is null;