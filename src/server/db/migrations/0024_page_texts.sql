CREATE TABLE "page_text_revisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page" text NOT NULL,
	"number" integer NOT NULL,
	"kind" text NOT NULL,
	"texts" jsonb NOT NULL,
	"author_user_id" text,
	"author_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_text_revisions_number" UNIQUE("page","number")
);
--> statement-breakpoint
CREATE TABLE "page_texts" (
	"page" text PRIMARY KEY NOT NULL,
	"draft" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"published_revision_id" uuid,
	"published_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_user_id" text
);
--> statement-breakpoint
ALTER TABLE "page_text_revisions" ADD CONSTRAINT "page_text_revisions_page_page_texts_page_fk" FOREIGN KEY ("page") REFERENCES "public"."page_texts"("page") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_text_revisions" ADD CONSTRAINT "page_text_revisions_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_texts" ADD CONSTRAINT "page_texts_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;