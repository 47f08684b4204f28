ALTER TABLE "page_texts" ADD COLUMN "preview_generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "preview_generation" integer DEFAULT 0 NOT NULL;