CREATE TABLE "candidate_merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kept_candidate_id" uuid NOT NULL,
	"merged_candidate_id" uuid NOT NULL,
	"application_ids" uuid[] NOT NULL,
	"merged_by_user_id" text,
	"merged_by_email" text NOT NULL,
	"merged_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	"undone_by_email" text,
	CONSTRAINT "candidate_merges_two" CHECK ("candidate_merges"."kept_candidate_id" <> "candidate_merges"."merged_candidate_id"),
	CONSTRAINT "candidate_merges_undone" CHECK (("candidate_merges"."undone_at" is null) = ("candidate_merges"."undone_by_email" is null))
);
--> statement-breakpoint
CREATE TABLE "candidates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "candidate_id" uuid;--> statement-breakpoint
-- Every application so far: one candidate per address (issue 33).
WITH people AS MATERIALIZED (SELECT email, gen_random_uuid() AS id FROM (SELECT DISTINCT email FROM applications) AS addresses),
created AS (INSERT INTO candidates (id) SELECT id FROM people)
UPDATE applications a SET candidate_id = people.id FROM people WHERE people.email = a.email;--> statement-breakpoint
ALTER TABLE "applications" ALTER COLUMN "candidate_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "candidate_merges" ADD CONSTRAINT "candidate_merges_kept_candidate_id_candidates_id_fk" FOREIGN KEY ("kept_candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_merges" ADD CONSTRAINT "candidate_merges_merged_candidate_id_candidates_id_fk" FOREIGN KEY ("merged_candidate_id") REFERENCES "public"."candidates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_merges" ADD CONSTRAINT "candidate_merges_merged_by_user_id_users_id_fk" FOREIGN KEY ("merged_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_merges_kept_idx" ON "candidate_merges" USING btree ("kept_candidate_id");--> statement-breakpoint
CREATE INDEX "candidate_merges_merged_idx" ON "candidate_merges" USING btree ("merged_candidate_id");--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_candidate_id_candidates_id_fk" FOREIGN KEY ("candidate_id") REFERENCES "public"."candidates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "applications_candidate_idx" ON "applications" USING btree ("candidate_id");--> statement-breakpoint
CREATE INDEX "applications_email_idx" ON "applications" USING btree ("email");--> statement-breakpoint
CREATE INDEX "applications_phone_idx" ON "applications" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "applications_linkedin_idx" ON "applications" USING btree (lower(rtrim(regexp_replace("linkedin_profile", '^https?://(www[.])?', ''), '/')));--> statement-breakpoint
CREATE INDEX "applications_full_name_trgm_idx" ON "applications" USING gin (lower("full_name") gin_trgm_ops);--> statement-breakpoint
-- A new application is the candidate of its address, or a new candidate: decided here, so every
-- way of storing one (the form, a seed, a restore) agrees. The lock keeps two first applications
-- from one address, sent at once, from making two candidates.
CREATE FUNCTION applications_assign_candidate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.candidate_id IS NULL THEN
    PERFORM pg_advisory_xact_lock(hashtextextended('candidate:' || NEW.email, 0));
    SELECT a.candidate_id INTO NEW.candidate_id FROM applications a WHERE a.email = NEW.email ORDER BY a.created_at LIMIT 1;
    IF NEW.candidate_id IS NULL THEN
      INSERT INTO candidates DEFAULT VALUES RETURNING id INTO NEW.candidate_id;
    END IF;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER applications_candidate BEFORE INSERT ON applications
  FOR EACH ROW EXECUTE FUNCTION applications_assign_candidate();--> statement-breakpoint
-- A candidate whose last application is gone (erased, past retention) goes too, unless a merge
-- that can still be undone holds it.
CREATE FUNCTION applications_remove_empty_candidate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM candidates c
  WHERE c.id = OLD.candidate_id
    AND NOT EXISTS (SELECT 1 FROM applications a WHERE a.candidate_id = c.id)
    AND NOT EXISTS (SELECT 1 FROM candidate_merges m WHERE m.merged_candidate_id = c.id AND m.undone_at IS NULL);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER applications_candidate_removed AFTER DELETE ON applications
  FOR EACH ROW EXECUTE FUNCTION applications_remove_empty_candidate();
