-- Issue 54: who sent an offer (told of the answer), the candidate's one-time signing code (decision 071), and
-- the seal of a signed offer letting a deleted user or template go: ON DELETE SET NULL is an UPDATE, which
-- the first version of the trigger (0040) refused, so such a user or template could not be deleted.
ALTER TABLE "offers" ADD COLUMN "sent_by_user_id" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "signing_code_hash" text;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "signing_code_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "signing_codes_sent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD COLUMN "signing_tries" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_sent_by_user_id_users_id_fk" FOREIGN KEY ("sent_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION offers_sealed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only a reference to a deleted user or template becoming NULL; every other column as it was.
  IF to_jsonb(NEW) - ARRAY['created_by_user_id', 'template_id', 'sent_by_user_id']
       = to_jsonb(OLD) - ARRAY['created_by_user_id', 'template_id', 'sent_by_user_id']
     AND (NEW.created_by_user_id IS NULL OR NEW.created_by_user_id = OLD.created_by_user_id)
     AND (NEW.template_id IS NULL OR NEW.template_id = OLD.template_id)
     AND (NEW.sent_by_user_id IS NULL OR NEW.sent_by_user_id = OLD.sent_by_user_id) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'offer % is signed and sealed: it cannot be changed', OLD.id USING ERRCODE = 'check_violation';
END
$$;
