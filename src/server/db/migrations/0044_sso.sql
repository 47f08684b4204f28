-- Issue 56: staff sign-in through the company's identity provider. One row of settings, the logout tokens
-- already acted on, how each session began, break-glass admins (admin:create), and roles the provider's claim gave.
CREATE TABLE "sso_logout_tokens" (
	"jti" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sso_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"name" text NOT NULL,
	"issuer" text NOT NULL,
	"client_id" text NOT NULL,
	"client_secret_sealed" text NOT NULL,
	"domains" text[] NOT NULL,
	"role_claim" text DEFAULT 'groups' NOT NULL,
	"role_map" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sso_only" boolean DEFAULT false NOT NULL,
	"session_hours" integer DEFAULT 12 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"updated_by_user_id" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sso_settings_one_row" CHECK ("sso_settings"."id" = 1),
	CONSTRAINT "sso_settings_session_hours" CHECK ("sso_settings"."session_hours" between 1 and 720)
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "method" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "break_glass" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "role_from_sso" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "sso_settings" ADD CONSTRAINT "sso_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_method" CHECK (method in ('password', 'sso'));