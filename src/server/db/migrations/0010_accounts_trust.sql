CREATE TABLE "erasure_confirmations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erasure_confirmations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "application_links" ADD COLUMN "origin" text DEFAULT 'confirmation' NOT NULL;--> statement-breakpoint
ALTER TABLE "application_links" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: links issued before links expired live 90 days from when they were issued.
UPDATE "application_links" SET "expires_at" = "created_at" + interval '90 days';--> statement-breakpoint
ALTER TABLE "application_links" ALTER COLUMN "expires_at" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "application_links" ADD COLUMN "first_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "password_proven_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role_from_admin_emails" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "erasure_confirmations" ADD CONSTRAINT "erasure_confirmations_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "erasure_confirmations_application_idx" ON "erasure_confirmations" USING btree ("application_id");--> statement-breakpoint
ALTER TABLE "application_links" ADD CONSTRAINT "application_links_origin" CHECK (origin in ('confirmation', 'request', 'account'));--> statement-breakpoint
-- Hand-written (decision 029): no secret in clear. Session tokens are kept as the base64url SHA-256
-- the app looks them up by (src/server/accounts/session-tokens.ts), verification identifiers (reset
-- links, code-step challenges) as Better Auth's "hashed" storage keeps them: the same digest.
-- Sessions and links issued before this migration keep working.
UPDATE "sessions" SET "token" = rtrim(translate(encode(sha256(convert_to("token", 'UTF8')), 'base64'), '+/', '-_'), '=');--> statement-breakpoint
UPDATE "verifications" SET "identifier" = rtrim(translate(encode(sha256(convert_to("identifier", 'UTF8')), 'base64'), '+/', '-_'), '=');--> statement-breakpoint
-- Hand-written (decision 028): role_from_admin_emails says the admin role came from ADMIN_EMAILS,
-- so that taking the address off the list takes back only what the list gave. Any statement that
-- writes the role without setting this flag itself (an admin's change, admin:create) makes the
-- role no longer the list's.
CREATE FUNCTION "users_role_from_admin_emails"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role_from_admin_emails IS NOT DISTINCT FROM OLD.role_from_admin_emails THEN
    NEW.role_from_admin_emails := false;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_role_from_admin_emails" BEFORE UPDATE OF "role" ON "users" FOR EACH ROW EXECUTE FUNCTION "users_role_from_admin_emails"();
