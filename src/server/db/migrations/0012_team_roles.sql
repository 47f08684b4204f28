CREATE TABLE "application_interviewers" (
	"application_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"assigned_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_interviewers_application_id_user_id_pk" PRIMARY KEY("application_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "hiring_team_members" (
	"position_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"added_by_email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hiring_team_members_position_id_user_id_pk" PRIMARY KEY("position_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "invitations" DROP CONSTRAINT "invitations_role";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_role";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "actor_role" text;--> statement-breakpoint
ALTER TABLE "application_interviewers" ADD CONSTRAINT "application_interviewers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_interviewers" ADD CONSTRAINT "application_interviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hiring_team_members" ADD CONSTRAINT "hiring_team_members_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hiring_team_members" ADD CONSTRAINT "hiring_team_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_interviewers_user_idx" ON "application_interviewers" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "hiring_team_members_user_idx" ON "hiring_team_members" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "invitations" ADD CONSTRAINT "invitations_role" CHECK (role in ('user', 'admin', 'recruiter', 'hiring_manager', 'interviewer', 'editor', 'sales'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role" CHECK (role in ('user', 'admin', 'recruiter', 'hiring_manager', 'interviewer', 'editor', 'sales'));