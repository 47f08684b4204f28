-- Hand-written first step: rows stored before the check (the code already lowercased them).
UPDATE "applications" SET "email" = lower("email") WHERE "email" <> lower("email");--> statement-breakpoint
UPDATE "contact_messages" SET "email" = lower("email") WHERE "email" <> lower("email");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_email_lowercase" CHECK ("applications"."email" = lower("applications"."email"));--> statement-breakpoint
ALTER TABLE "contact_messages" ADD CONSTRAINT "contact_messages_email_lowercase" CHECK ("contact_messages"."email" = lower("contact_messages"."email"));
