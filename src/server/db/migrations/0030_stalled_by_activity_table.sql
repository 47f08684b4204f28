-- Issue 52: an application's last activity moves from a column of applications (migration 0029)
-- to a narrow table of its own. Each touch of the column wrote a new version of the whole
-- application row and an entry in each of its indexes, the search document's and its word pairs'
-- among them: 6.5 ms a note or e-mail at 50,000 applications, a second row version for each
-- status move, and minutes for a bulk change. A row here is four columns and two small indexes.
-- The column stays (the previous release reads it; its value set at arrival by 0029's insert
-- trigger), no longer brought forward: dropped in a later release (docs/operations.md, "Upgrades").
DROP TRIGGER IF EXISTS "application_status_history_activity" ON "application_status_history";--> statement-breakpoint
DROP TRIGGER IF EXISTS "application_notes_activity" ON "application_notes";--> statement-breakpoint
DROP TRIGGER IF EXISTS "application_emails_activity" ON "application_emails";--> statement-breakpoint
DROP FUNCTION IF EXISTS applications_touch_activity();--> statement-breakpoint
CREATE TABLE "application_activity" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"position_id" uuid NOT NULL,
	"under_way" boolean NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_activity" ADD CONSTRAINT "application_activity_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- What happened before, from the record: arrival, status moves, notes, e-mails (one pass each).
INSERT INTO "application_activity" ("application_id", "position_id", "under_way", "last_activity_at")
SELECT a."id", a."position_id", a."status" IN ('reviewing', 'interview', 'offer'),
       greatest(a."created_at", h."at", n."at", e."at")
FROM "applications" a
LEFT JOIN (SELECT "application_id", max("reached_at") AS "at" FROM "application_status_history" GROUP BY 1) h ON h."application_id" = a."id"
LEFT JOIN (SELECT "application_id", max("created_at") AS "at" FROM "application_notes" GROUP BY 1) n ON n."application_id" = a."id"
LEFT JOIN (SELECT "application_id", max("created_at") AS "at" FROM "application_emails" GROUP BY 1) e ON e."application_id" = a."id";--> statement-breakpoint
CREATE INDEX "application_activity_stalled_idx" ON "application_activity" USING btree ("last_activity_at","application_id") WHERE "application_activity"."under_way";--> statement-breakpoint
-- A new application's last activity is its arrival, whatever time it was given (a seed, a restore,
-- a test); a status move says whether it is under way (the list of statuses: the code's too).
CREATE FUNCTION application_activity_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "application_activity" ("application_id", "position_id", "under_way", "last_activity_at")
    VALUES (NEW."id", NEW."position_id", NEW."status" IN ('reviewing', 'interview', 'offer'), NEW."created_at");
  ELSE
    UPDATE "application_activity"
    SET "position_id" = NEW."position_id", "under_way" = NEW."status" IN ('reviewing', 'interview', 'offer')
    WHERE "application_id" = NEW."id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "application_activity_insert" AFTER INSERT ON "applications"
  FOR EACH ROW EXECUTE FUNCTION application_activity_follow();--> statement-breakpoint
CREATE TRIGGER "application_activity_update" AFTER UPDATE OF "status", "position_id" ON "applications"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."position_id" IS DISTINCT FROM NEW."position_id")
  EXECUTE FUNCTION application_activity_follow();--> statement-breakpoint
-- A move, a note or an e-mail brings it forward (never back: a note written with an older time
-- by a restore leaves it). The column of the time is the trigger's argument.
CREATE FUNCTION application_activity_touch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  happened timestamptz := (to_jsonb(NEW) ->> TG_ARGV[0])::timestamptz;
BEGIN
  UPDATE "application_activity" SET "last_activity_at" = happened
  WHERE "application_id" = NEW."application_id" AND "last_activity_at" < happened;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "application_status_history_activity" AFTER INSERT ON "application_status_history"
  FOR EACH ROW EXECUTE FUNCTION application_activity_touch('reached_at');--> statement-breakpoint
CREATE TRIGGER "application_notes_activity" AFTER INSERT ON "application_notes"
  FOR EACH ROW EXECUTE FUNCTION application_activity_touch('created_at');--> statement-breakpoint
CREATE TRIGGER "application_emails_activity" AFTER INSERT ON "application_emails"
  FOR EACH ROW EXECUTE FUNCTION application_activity_touch('created_at');
