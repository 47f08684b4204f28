CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"application_id" uuid,
	"contact_message_id" uuid,
	"position_id" uuid,
	"booking_id" uuid,
	"actor_user_id" text,
	"data" jsonb NOT NULL,
	"occurred_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_id" bigint NOT NULL,
	"user_id" text,
	"inbox" text,
	"kind" text NOT NULL,
	"thread" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"email" text DEFAULT 'pending' NOT NULL,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "notifications_one_recipient" CHECK (("notifications"."user_id" is null) <> ("notifications"."inbox" is null)),
	CONSTRAINT "notifications_email" CHECK (email in ('pending', 'sent', 'none'))
);
--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD COLUMN "sender_status" text;--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD COLUMN "auth_summary" text;--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD COLUMN "envelope_from" text;--> statement-breakpoint
ALTER TABLE "reply_tokens" ADD COLUMN "message_id" text;--> statement-breakpoint
ALTER TABLE "reply_tokens" ADD COLUMN "for_bounces" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_contact_message_id_contact_messages_id_fk" FOREIGN KEY ("contact_message_id") REFERENCES "public"."contact_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_event_id_domain_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."domain_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_application_idx" ON "domain_events" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "domain_events_contact_message_idx" ON "domain_events" USING btree ("contact_message_id");--> statement-breakpoint
CREATE INDEX "domain_events_booking_idx" ON "domain_events" USING btree ("booking_id");--> statement-breakpoint
CREATE INDEX "domain_events_occurred_idx" ON "domain_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_user_event_idx" ON "notifications" USING btree ("user_id","event_id") WHERE "notifications"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_inbox_event_idx" ON "notifications" USING btree ("inbox","event_id") WHERE "notifications"."inbox" is not null;--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "notifications_thread_idx" ON "notifications" USING btree ("thread","emailed_at");--> statement-breakpoint
ALTER TABLE "inbound_mails" ADD CONSTRAINT "inbound_mails_sender_status" CHECK ("inbound_mails"."sender_status" is null or sender_status in ('verified', 'other', 'unverified'));