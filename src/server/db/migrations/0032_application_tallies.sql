-- Issue 52: how many applications each position has in each status from each source (schema.ts,
-- applicationTallies): rows of +1 and -1 added by triggers, never updated, added up now and then.
CREATE TABLE "application_tallies" (
	"position_id" uuid NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"applications" integer NOT NULL
);
--> statement-breakpoint
-- Arrivals (+1) and removals (-1, the trigger's argument), a statement at a time: a bulk load or a
-- purge adds a row per key, not per application. Both triggers name their rows "changed".
CREATE FUNCTION application_tallies_count() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_tallies" ("position_id", "status", "source", "applications")
  SELECT "position_id", "status", "source", count(*) * TG_ARGV[0]::int FROM changed GROUP BY 1, 2, 3;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- A move: out of one count, into another.
CREATE FUNCTION application_tallies_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_tallies" ("position_id", "status", "source", "applications")
  VALUES (OLD."position_id", OLD."status", OLD."source", -1), (NEW."position_id", NEW."status", NEW."source", 1);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "application_tallies_insert" AFTER INSERT ON "applications"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION application_tallies_count('1');--> statement-breakpoint
CREATE TRIGGER "application_tallies_delete" AFTER DELETE ON "applications"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION application_tallies_count('-1');--> statement-breakpoint
CREATE TRIGGER "application_tallies_update" AFTER UPDATE OF "status", "position_id", "source" ON "applications"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."position_id" IS DISTINCT FROM NEW."position_id" OR OLD."source" IS DISTINCT FROM NEW."source")
  EXECUTE FUNCTION application_tallies_move();--> statement-breakpoint
-- The applications so far, after the triggers (creating them waited for the writers under way and
-- holds the next until this migration commits: none is counted twice or missed).
INSERT INTO "application_tallies" ("position_id", "status", "source", "applications")
SELECT "position_id", "status", "source", count(*) FROM "applications" GROUP BY 1, 2, 3;
