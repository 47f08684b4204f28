-- Issue 54: offers, their approvals and the letter templates (lib/offers/offer.ts, decision 069); a signed offer is sealed by a trigger.
CREATE TABLE "offer_approvals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"offer_id" uuid NOT NULL,
	"round" integer NOT NULL,
	"step" integer NOT NULL,
	"kind" text NOT NULL,
	"user_id" text,
	"decision" text,
	"comment" text,
	"decided_by_user_id" text,
	"decided_by_email" text,
	"decided_by_role" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_approvals_step" UNIQUE("offer_id","round","step"),
	CONSTRAINT "offer_approvals_kind" CHECK (kind in ('hiring_manager', 'admin')),
	CONSTRAINT "offer_approvals_decided" CHECK (("offer_approvals"."decision" is null) = ("offer_approvals"."decided_at" is null))
);
--> statement-breakpoint
CREATE TABLE "offer_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"updated_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_templates_name_unique" UNIQUE("name"),
	CONSTRAINT "offer_templates_name_length" CHECK (char_length("offer_templates"."name") between 2 and 100),
	CONSTRAINT "offer_templates_body_length" CHECK (char_length("offer_templates"."body") between 1 and 20000)
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"position_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"template_id" uuid,
	"letter" text NOT NULL,
	"start_date" date NOT NULL,
	"expires_on" date NOT NULL,
	"salary" integer NOT NULL,
	"currency" text NOT NULL,
	"period" text NOT NULL,
	"bonus" text DEFAULT '' NOT NULL,
	"equity" text DEFAULT '' NOT NULL,
	"location" text NOT NULL,
	"reporting_to" text DEFAULT '' NOT NULL,
	"approval_mode" text DEFAULT 'sequence' NOT NULL,
	"outside_band" boolean DEFAULT false NOT NULL,
	"approval_round" integer DEFAULT 0 NOT NULL,
	"created_by_user_id" text,
	"created_by_email" text NOT NULL,
	"sent_at" timestamp with time zone,
	"sent_by_email" text,
	"letter_text" text,
	"read_at" timestamp with time zone,
	"answered_at" timestamp with time zone,
	"decline_reason" text,
	"signature_name" text,
	"signature_ip" text,
	"sealed_pdf" "bytea",
	"sealed_sha256" text,
	"closed_at" timestamp with time zone,
	"closed_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offers_application_version" UNIQUE("application_id","version"),
	CONSTRAINT "offers_status" CHECK (status in ('draft', 'approval', 'approved', 'sent', 'accepted', 'declined', 'expired', 'withdrawn', 'replaced')),
	CONSTRAINT "offers_period" CHECK (period in ('year', 'month', 'hour')),
	CONSTRAINT "offers_approval_mode" CHECK (approval_mode in ('sequence', 'parallel')),
	CONSTRAINT "offers_currency" CHECK ("offers"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "offers_salary" CHECK ("offers"."salary" >= 0),
	CONSTRAINT "offers_version" CHECK ("offers"."version" >= 1),
	CONSTRAINT "offers_letter_length" CHECK (char_length("offers"."letter") between 1 and 20000),
	CONSTRAINT "offers_sent" CHECK (("offers"."status" in ('draft', 'approval', 'approved')) = ("offers"."sent_at" is null and "offers"."letter_text" is null)),
	CONSTRAINT "offers_sealed" CHECK (("offers"."status" = 'accepted') = ("offers"."sealed_pdf" is not null and "offers"."sealed_sha256" is not null and "offers"."signature_name" is not null and "offers"."answered_at" is not null))
);
--> statement-breakpoint
ALTER TABLE "offer_approvals" ADD CONSTRAINT "offer_approvals_offer_id_offers_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."offers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_approvals" ADD CONSTRAINT "offer_approvals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offer_approvals" ADD CONSTRAINT "offer_approvals_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_template_id_offer_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."offer_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "offers" ADD CONSTRAINT "offers_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_approvals_user_idx" ON "offer_approvals" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "offers_open_idx" ON "offers" USING btree ("application_id") WHERE status in ('draft', 'approval', 'approved', 'sent');--> statement-breakpoint
CREATE INDEX "offers_position_idx" ON "offers" USING btree ("position_id");--> statement-breakpoint
CREATE INDEX "offers_status_idx" ON "offers" USING btree ("status","updated_at");--> statement-breakpoint
-- A signed offer is sealed (decision 069): no change to its row, by any code path or by hand in psql;
-- only a new version can follow it. Deleting it stays possible (the candidate's erasure, retention).
CREATE FUNCTION offers_sealed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'offer % is signed and sealed: it cannot be changed', OLD.id USING ERRCODE = 'check_violation';
END
$$;--> statement-breakpoint
CREATE TRIGGER offers_sealed BEFORE UPDATE ON offers FOR EACH ROW WHEN (OLD.status = 'accepted') EXECUTE FUNCTION offers_sealed();
