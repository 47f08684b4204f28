-- Issue 52: each application's ratings summed and counted beside its place in "best rated first"
-- (schema.ts, applicationRatingTotals), kept by triggers, so the view walks one index for a page.
CREATE TABLE "application_rating_totals" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"rank" double precision GENERATED ALWAYS AS (case when rating_count > 0 then rating_sum::float8 / rating_count else 0 end) STORED NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_rating_totals" ADD CONSTRAINT "application_rating_totals_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_rating_totals_rank_idx" ON "application_rating_totals" USING btree ("rank","created_at","application_id");--> statement-breakpoint
-- A new application arrives unrated.
CREATE FUNCTION application_rating_totals_open() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_rating_totals" ("application_id", "created_at") VALUES (NEW."id", NEW."created_at");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "application_rating_totals_insert" AFTER INSERT ON "applications"
  FOR EACH ROW EXECUTE FUNCTION application_rating_totals_open();--> statement-breakpoint
-- A rating given, changed or taken back adds its difference to the latest totals: an increment, so
-- two reviewers rating at once both count (the second waits for the first's row and adds to it).
CREATE FUNCTION application_rating_totals_follow() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "application_rating_totals" SET "rating_sum" = "rating_sum" - OLD."rating", "rating_count" = "rating_count" - 1
    WHERE "application_id" = OLD."application_id";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    UPDATE "application_rating_totals" SET "rating_sum" = "rating_sum" + NEW."rating", "rating_count" = "rating_count" + 1
    WHERE "application_id" = NEW."application_id";
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "application_rating_totals_follow" AFTER INSERT OR DELETE OR UPDATE OF "rating", "application_id" ON "application_ratings"
  FOR EACH ROW EXECUTE FUNCTION application_rating_totals_follow();--> statement-breakpoint
-- What the ratings so far add up to, one pass, after the triggers: creating them waited for every
-- writer of applications and ratings under way and holds the next until this migration commits, so
-- no application or rating falls between the backfill and the triggers.
INSERT INTO "application_rating_totals" ("application_id", "created_at", "rating_sum", "rating_count")
SELECT a."id", a."created_at", coalesce(r."total", 0), coalesce(r."count", 0)
FROM "applications" a
LEFT JOIN (SELECT "application_id", sum("rating")::int AS "total", count(*)::int AS "count" FROM "application_ratings" GROUP BY 1) r
  ON r."application_id" = a."id";
