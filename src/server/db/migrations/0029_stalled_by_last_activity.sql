ALTER TABLE "applications" ADD COLUMN "last_activity_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Its backfill (an UPDATE of every application) is gone: migration 0030 moves the last activity to
-- a table of its own and fills that from the record, and the UPDATE, which wrote every row again
-- with an entry in each of its indexes, took minutes at 50,000 applications.
-- A move, a note or an e-mail brings it forward (never back: a note written with an older time
-- by a restore leaves it). The column of the time is the trigger's argument.
CREATE FUNCTION applications_touch_activity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  happened timestamptz := (to_jsonb(NEW) ->> TG_ARGV[0])::timestamptz;
BEGIN
  UPDATE "applications" SET "last_activity_at" = happened
  WHERE "id" = NEW."application_id" AND "last_activity_at" < happened;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER application_status_history_activity AFTER INSERT ON "application_status_history"
  FOR EACH ROW EXECUTE FUNCTION applications_touch_activity('reached_at');--> statement-breakpoint
CREATE TRIGGER application_notes_activity AFTER INSERT ON "application_notes"
  FOR EACH ROW EXECUTE FUNCTION applications_touch_activity('created_at');--> statement-breakpoint
CREATE TRIGGER application_emails_activity AFTER INSERT ON "application_emails"
  FOR EACH ROW EXECUTE FUNCTION applications_touch_activity('created_at');
--> statement-breakpoint
-- A new application's last activity is its arrival, whatever time it was given (a seed, a restore,
-- a test): the moves, notes and e-mails inserted after it bring it forward.
CREATE FUNCTION applications_first_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."last_activity_at" := NEW."created_at";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER applications_first_activity BEFORE INSERT ON "applications"
  FOR EACH ROW EXECUTE FUNCTION applications_first_activity();
