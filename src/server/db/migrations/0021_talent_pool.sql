CREATE TABLE "talent_pool_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"candidate_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"sent_by_user_id" text,
	"sent_by_email" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "talent_pool_renewal_asked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "talent_pool_invitations" ADD CONSTRAINT "talent_pool_invitations_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_pool_invitations" ADD CONSTRAINT "talent_pool_invitations_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "talent_pool_invitations" ADD CONSTRAINT "talent_pool_invitations_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "talent_pool_invitations_once_idx" ON "talent_pool_invitations" USING btree ("candidate_id","position_id");--> statement-breakpoint
CREATE INDEX "applications_talent_pool_idx" ON "applications" USING btree ("talent_pool_until") WHERE talent_pool_until is not null;