-- Issue 57: first-party analytics. Raw hits (kept two days), the day's salts, the daily rollup and when each
-- day was rolled up; and the visitor (a salted daily hash) of the request that made a goal's domain event.
CREATE TABLE "analytics_daily" (
	"day" date NOT NULL,
	"dimension" text NOT NULL,
	"key" text NOT NULL,
	"visitors" integer NOT NULL,
	"visits" integer NOT NULL,
	"views" integer NOT NULL,
	CONSTRAINT "analytics_daily_day_dimension_key_pk" PRIMARY KEY("day","dimension","key")
);
--> statement-breakpoint
CREATE TABLE "analytics_hits" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"source" text,
	"medium" text,
	"campaign" text,
	"device" text NOT NULL,
	"count" integer DEFAULT 1 NOT NULL,
	"weight" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_rollups" (
	"day" date PRIMARY KEY NOT NULL,
	"rolled_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "analytics_salts" (
	"day" date PRIMARY KEY NOT NULL,
	"salt" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "domain_events" ADD COLUMN "visitor" text;--> statement-breakpoint
CREATE INDEX "analytics_hits_day_visitor_idx" ON "analytics_hits" USING btree ("day","visitor","id");--> statement-breakpoint
CREATE INDEX "analytics_hits_at_idx" ON "analytics_hits" USING btree ("at");