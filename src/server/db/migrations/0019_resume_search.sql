-- Trigram matching for parts of names and addresses (a trusted extension: the database owner may create it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "resume_texts" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"text" text,
	"no_text_reason" text,
	"pages" integer,
	"extractor_version" integer NOT NULL,
	"duration_ms" integer NOT NULL,
	"extracted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resume_texts_text_or_reason" CHECK (("resume_texts"."text" is null) <> ("resume_texts"."no_text_reason" is null)),
	CONSTRAINT "resume_texts_reason" CHECK ("resume_texts"."no_text_reason" is null or no_text_reason in ('timeout', 'memory', 'no-text-layer', 'password', 'too-many-pages', 'archive-too-large', 'empty', 'unreadable', 'crashed', 'missing-file')),
	CONSTRAINT "resume_texts_length" CHECK (char_length("resume_texts"."text") <= 200000)
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "resume_texts" ADD CONSTRAINT "resume_texts_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resume_texts_version_idx" ON "resume_texts" USING btree ("extractor_version");--> statement-breakpoint
CREATE INDEX "applications_search_idx" ON "applications" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "applications_name_email_trgm_idx" ON "applications" USING gin (("full_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
-- The search document of an application (issue 33), weighted: name and e-mail (A; the address also
-- as its words), the resume's text (B), then cover letter, screening answers and notes (C). English
-- stemming for all, as websearch_to_tsquery('english', ...) reads the query.
CREATE FUNCTION application_search_vector(p_id uuid, p_full_name text, p_email text, p_cover_letter text, p_answers jsonb)
RETURNS tsvector LANGUAGE sql STABLE AS $$
  SELECT
    setweight(to_tsvector('english', p_full_name || ' ' || p_email || ' ' || translate(p_email, '@.', '  ')), 'A') ||
    setweight(to_tsvector('english', coalesce((SELECT r.text FROM resume_texts r WHERE r.application_id = p_id), '')), 'B') ||
    setweight(to_tsvector('english',
      p_cover_letter || ' ' ||
      coalesce((SELECT string_agg(answer->>'answer', ' ') FROM jsonb_array_elements(p_answers) AS answer), '') || ' ' ||
      coalesce((SELECT string_agg(n.body, ' ') FROM application_notes n WHERE n.application_id = p_id), '')), 'C')
$$;--> statement-breakpoint
CREATE FUNCTION applications_search_vector_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_vector := application_search_vector(NEW.id, NEW.full_name, NEW.email, NEW.cover_letter, NEW.screening_answers);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER applications_search_vector BEFORE INSERT OR UPDATE OF full_name, email, cover_letter, screening_answers ON applications
  FOR EACH ROW EXECUTE FUNCTION applications_search_vector_write();--> statement-breakpoint
-- A resume's text or a note changed: the application's document is written again.
CREATE FUNCTION application_search_vector_refresh(p_id uuid) RETURNS void LANGUAGE sql AS $$
  UPDATE applications a SET search_vector = application_search_vector(a.id, a.full_name, a.email, a.cover_letter, a.screening_answers)
  WHERE a.id = p_id
$$;--> statement-breakpoint
CREATE FUNCTION application_search_part_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM application_search_vector_refresh(NEW.application_id);
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM application_search_vector_refresh(OLD.application_id);
  ELSE
    PERFORM application_search_vector_refresh(NEW.application_id);
    IF NEW.application_id <> OLD.application_id THEN
      PERFORM application_search_vector_refresh(OLD.application_id);
    END IF;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER resume_texts_search AFTER INSERT OR UPDATE OR DELETE ON resume_texts
  FOR EACH ROW EXECUTE FUNCTION application_search_part_changed();--> statement-breakpoint
CREATE TRIGGER application_notes_search AFTER INSERT OR UPDATE OF body, application_id OR DELETE ON application_notes
  FOR EACH ROW EXECUTE FUNCTION application_search_part_changed();--> statement-breakpoint
UPDATE applications SET search_vector = application_search_vector(id, full_name, email, cover_letter, screening_answers);
