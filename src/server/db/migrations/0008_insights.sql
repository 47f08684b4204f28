CREATE TABLE "application_status_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"application_id" uuid NOT NULL,
	"status" text NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_status_history_status" CHECK (status in ('pending', 'reviewing', 'interview', 'offer', 'hired', 'rejected'))
);
--> statement-breakpoint
CREATE TABLE "heard_about_options" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"sort_order" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "heard_about_options_label_unique" UNIQUE("label"),
	CONSTRAINT "heard_about_options_label" CHECK (char_length(trim("heard_about_options"."label")) between 1 and 80)
);
--> statement-breakpoint
CREATE TABLE "page_views" (
	"position_id" uuid,
	"day" date NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "page_views_position_day" UNIQUE NULLS NOT DISTINCT("position_id","day"),
	CONSTRAINT "page_views_views" CHECK ("page_views"."views" >= 0)
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "source" text DEFAULT 'direct' NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "source_medium" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "source_campaign" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "heard_about" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "screening_answers" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "knocked_out" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "screening_questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "application_status_history" ADD CONSTRAINT "application_status_history_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_views" ADD CONSTRAINT "page_views_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_status_history_application_idx" ON "application_status_history" USING btree ("application_id","reached_at");--> statement-breakpoint
CREATE INDEX "page_views_day_idx" ON "page_views" USING btree ("day");--> statement-breakpoint
CREATE INDEX "applications_source_idx" ON "applications" USING btree ("source");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_source_length" CHECK (char_length("applications"."source") between 1 and 100);--> statement-breakpoint
-- Existing applications get their history: submitted (pending) when created, then every status change the audit log recorded.
INSERT INTO "application_status_history" ("application_id", "status", "reached_at")
SELECT "id", 'pending', "created_at" FROM "applications";--> statement-breakpoint
INSERT INTO "application_status_history" ("application_id", "status", "reached_at")
SELECT a."id", l."details"->>'to', l."created_at"
FROM "audit_log" l JOIN "applications" a ON a."id"::text = l."target_id"
WHERE l."action" = 'application.status_changed' AND l."details"->>'to' IN ('pending', 'reviewing', 'interview', 'offer', 'hired', 'rejected');--> statement-breakpoint
INSERT INTO "heard_about_options" ("label", "sort_order") VALUES
('LinkedIn', 1), ('Job board', 2), ('Friend or colleague', 3), ('Search engine', 4), ('Event or meetup', 5), ('Other', 6);
