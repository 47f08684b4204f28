CREATE TABLE "retention_runs" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"applications" integer NOT NULL,
	"messages" integer NOT NULL,
	"audit_entries" integer NOT NULL,
	"files" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "privacy_notice_version" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "privacy_acknowledged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "talent_pool_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "talent_pool_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "legal_hold_reason" text;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "legal_hold_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "deactivated_at" timestamp with time zone;--> statement-breakpoint
-- Hand-written: what existed before gets its retention start from its last change.
UPDATE "positions" SET "deactivated_at" = "updated_at" WHERE NOT "is_active";--> statement-breakpoint
UPDATE "applications" SET "decided_at" = "updated_at" WHERE "status" IN ('hired', 'rejected');--> statement-breakpoint
CREATE INDEX "retention_runs_started_idx" ON "retention_runs" USING btree ("started_at" DESC NULLS LAST);--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_legal_hold" CHECK (("applications"."legal_hold_reason" is null) = ("applications"."legal_hold_at" is null));--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_talent_pool" CHECK (("applications"."talent_pool_consent_at" is null) = ("applications"."talent_pool_until" is null));