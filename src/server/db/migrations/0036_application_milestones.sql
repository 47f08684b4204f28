-- Issue 52: when each application first reached each stage of the funnel, for the insights'
-- funnel and time-to-stage reports: one row an application, kept by triggers (below), so the
-- reports read a period's applications from one index instead of the whole status history.
-- No application or status may be written between the copy below and its triggers (a running
-- instance would be left out of the table for good): both tables wait for this migration's end.
LOCK TABLE "applications", "application_status_history" IN SHARE ROW EXCLUSIVE MODE;--> statement-breakpoint
CREATE TABLE "application_milestones" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"position_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reviewing_at" timestamp with time zone,
	"interview_at" timestamp with time zone,
	"offer_at" timestamp with time zone,
	"hired_at" timestamp with time zone,
	"rejected_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "application_milestones" ADD CONSTRAINT "application_milestones_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_milestones_created_idx" ON "application_milestones" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "application_milestones_position_idx" ON "application_milestones" USING btree ("position_id","created_at");--> statement-breakpoint
-- What happened before, from the record: each application, the first time it reached each stage.
INSERT INTO "application_milestones" ("application_id", "position_id", "created_at", "reviewing_at", "interview_at", "offer_at", "hired_at", "rejected_at")
SELECT a."id", a."position_id", a."created_at", h."reviewing", h."interview", h."offer", h."hired", h."rejected"
FROM "applications" a
LEFT JOIN (
  SELECT "application_id",
    min("reached_at") FILTER (WHERE "status" = 'reviewing') AS "reviewing",
    min("reached_at") FILTER (WHERE "status" = 'interview') AS "interview",
    min("reached_at") FILTER (WHERE "status" = 'offer') AS "offer",
    min("reached_at") FILTER (WHERE "status" = 'hired') AS "hired",
    min("reached_at") FILTER (WHERE "status" = 'rejected') AS "rejected"
  FROM "application_status_history" GROUP BY 1
) h ON h."application_id" = a."id";--> statement-breakpoint
-- A new application gets its row, with its arrival time whatever it was given (a seed, a restore);
-- a move to another position takes the row along.
CREATE FUNCTION application_milestones_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "application_milestones" ("application_id", "position_id", "created_at")
    VALUES (NEW."id", NEW."position_id", NEW."created_at");
  ELSE
    UPDATE "application_milestones" SET "position_id" = NEW."position_id" WHERE "application_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "application_milestones_insert" AFTER INSERT ON "applications"
  FOR EACH ROW EXECUTE FUNCTION application_milestones_follow();--> statement-breakpoint
CREATE TRIGGER "application_milestones_update" AFTER UPDATE OF "position_id" ON "applications"
  FOR EACH ROW WHEN (OLD."position_id" IS DISTINCT FROM NEW."position_id")
  EXECUTE FUNCTION application_milestones_follow();--> statement-breakpoint
-- A status reached: its stage's time, if it is the first (a history written out of order by a
-- restore keeps the earliest). Pending and withdrawn are no stage of the reports.
CREATE FUNCTION application_milestones_reach() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."status" = 'reviewing' THEN
    UPDATE "application_milestones" SET "reviewing_at" = NEW."reached_at"
    WHERE "application_id" = NEW."application_id" AND ("reviewing_at" IS NULL OR "reviewing_at" > NEW."reached_at");
  ELSIF NEW."status" = 'interview' THEN
    UPDATE "application_milestones" SET "interview_at" = NEW."reached_at"
    WHERE "application_id" = NEW."application_id" AND ("interview_at" IS NULL OR "interview_at" > NEW."reached_at");
  ELSIF NEW."status" = 'offer' THEN
    UPDATE "application_milestones" SET "offer_at" = NEW."reached_at"
    WHERE "application_id" = NEW."application_id" AND ("offer_at" IS NULL OR "offer_at" > NEW."reached_at");
  ELSIF NEW."status" = 'hired' THEN
    UPDATE "application_milestones" SET "hired_at" = NEW."reached_at"
    WHERE "application_id" = NEW."application_id" AND ("hired_at" IS NULL OR "hired_at" > NEW."reached_at");
  ELSIF NEW."status" = 'rejected' THEN
    UPDATE "application_milestones" SET "rejected_at" = NEW."reached_at"
    WHERE "application_id" = NEW."application_id" AND ("rejected_at" IS NULL OR "rejected_at" > NEW."reached_at");
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "application_status_history_milestones" AFTER INSERT ON "application_status_history"
  FOR EACH ROW EXECUTE FUNCTION application_milestones_reach();