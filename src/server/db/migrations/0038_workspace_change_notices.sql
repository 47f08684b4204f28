-- Issue 52: a search's ranked matches, counts and snippets are remembered until what they are made of changes
-- (applications/search-cache.ts, decision 066). Every statement that changes it tells every instance through
-- NOTIFY, which PostgreSQL delivers when the transaction commits (never when it rolls back), once per
-- transaction however many statements (identical notices are folded).
CREATE FUNCTION "notify_workspace_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('helixpoint_workspace_changed', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "applications_workspace_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "applications" FOR EACH STATEMENT EXECUTE FUNCTION "notify_workspace_changed"();--> statement-breakpoint
CREATE TRIGGER "resume_texts_workspace_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "resume_texts" FOR EACH STATEMENT EXECUTE FUNCTION "notify_workspace_changed"();--> statement-breakpoint
CREATE TRIGGER "application_notes_workspace_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "application_notes" FOR EACH STATEMENT EXECUTE FUNCTION "notify_workspace_changed"();--> statement-breakpoint
CREATE TRIGGER "application_rating_totals_workspace_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "application_rating_totals" FOR EACH STATEMENT EXECUTE FUNCTION "notify_workspace_changed"();--> statement-breakpoint
CREATE TRIGGER "hiring_team_members_workspace_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "hiring_team_members" FOR EACH STATEMENT EXECUTE FUNCTION "notify_workspace_changed"();--> statement-breakpoint
CREATE TRIGGER "application_interviewers_workspace_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "application_interviewers" FOR EACH STATEMENT EXECUTE FUNCTION "notify_workspace_changed"();
