CREATE TABLE "application_rejections" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"reason_id" uuid,
	"reason_label" text NOT NULL,
	"detail" text,
	"from_status" text NOT NULL,
	"actor_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "application_rejections_from_status" CHECK (from_status in ('pending', 'reviewing', 'interview', 'offer', 'hired', 'rejected', 'withdrawn'))
);
--> statement-breakpoint
CREATE TABLE "rejection_reasons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"label" text NOT NULL,
	"asks_detail" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rejection_reasons_label" UNIQUE("label")
);
--> statement-breakpoint
ALTER TABLE "application_rejections" ADD CONSTRAINT "application_rejections_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_rejections" ADD CONSTRAINT "application_rejections_reason_id_rejection_reasons_id_fk" FOREIGN KEY ("reason_id") REFERENCES "public"."rejection_reasons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_rejections" ADD CONSTRAINT "application_rejections_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_rejections_application_idx" ON "application_rejections" USING btree ("application_id","created_at");--> statement-breakpoint
INSERT INTO "rejection_reasons" ("label", "asks_detail", "sort_order") VALUES ('Skills', false, 1), ('Experience', false, 2), ('Withdrew', false, 3), ('Position filled', false, 4), ('Other', true, 5);
