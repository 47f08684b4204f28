CREATE TABLE "contact_message_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contact_message_id" uuid NOT NULL,
	"sender_user_id" text,
	"sender_email" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inbound_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"inbound_mail_id" uuid NOT NULL,
	"storage_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_attachments_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "inbound_attachments_size" CHECK ("inbound_attachments"."size" > 0 and "inbound_attachments"."size" <= 10485760)
);
--> statement-breakpoint
CREATE TABLE "inbound_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid,
	"contact_message_id" uuid,
	"kind" text NOT NULL,
	"via" text NOT NULL,
	"message_id" text NOT NULL,
	"from_address" text NOT NULL,
	"from_name" text,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"full_text" text NOT NULL,
	"html" text,
	"sent_at" timestamp with time zone,
	"skipped_attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_mails_message_id_unique" UNIQUE("message_id"),
	CONSTRAINT "inbound_mails_one_thread" CHECK (("inbound_mails"."application_id" is null) <> ("inbound_mails"."contact_message_id" is null)),
	CONSTRAINT "inbound_mails_kind" CHECK (kind in ('reply', 'auto_reply', 'bounce')),
	CONSTRAINT "inbound_mails_via" CHECK (via in ('smtp', 'imap'))
);
--> statement-breakpoint
CREATE TABLE "reply_tokens" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"application_id" uuid,
	"contact_message_id" uuid,
	"sent_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reply_tokens_one_thread" CHECK (("reply_tokens"."application_id" is null) <> ("reply_tokens"."contact_message_id" is null))
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "email_bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "email_bounce_reason" text;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "email_bounced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "email_bounce_reason" text;--> statement-breakpoint
ALTER TABLE "contact_message_emails" ADD CONSTRAINT "contact_message_emails_contact_message_id_contact_messages_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_message_emails" ADD CONSTRAINT "contact_message_emails_sender_user_id_users_id_fk" FOREIGN KEY ("sender_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_attachments" ADD CONSTRAINT "inbound_attachments_inbound_mail_id_inbound_mails_id_fk" FOREIGN KEY ("inbound_mail_id") REFERENCES "public"."inbound_mails"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_contact_message_id_contact_messages_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_tokens" ADD CONSTRAINT "reply_tokens_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_tokens" ADD CONSTRAINT "reply_tokens_contact_message_id_contact_messages_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reply_tokens" ADD CONSTRAINT "reply_tokens_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_message_emails_message_idx" ON "contact_message_emails" USING btree ("contact_message_id","created_at");--> statement-breakpoint
CREATE INDEX "inbound_attachments_mail_idx" ON "inbound_attachments" USING btree ("inbound_mail_id");--> statement-breakpoint
CREATE INDEX "inbound_mails_application_idx" ON "inbound_mails" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE INDEX "inbound_mails_contact_message_idx" ON "inbound_mails" USING btree ("contact_message_id","created_at");--> statement-breakpoint
CREATE INDEX "reply_tokens_application_idx" ON "reply_tokens" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "reply_tokens_contact_message_idx" ON "reply_tokens" USING btree ("contact_message_id");