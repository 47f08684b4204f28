CREATE TABLE "scorecard_reminders" (
	"booking_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"sent_count" integer NOT NULL,
	"last_sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scorecard_reminders_booking_id_user_id_pk" PRIMARY KEY("booking_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "scorecards" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"author_user_id" text,
	"author_name" text NOT NULL,
	"stage_id" text NOT NULL,
	"stage_name" text NOT NULL,
	"answers" jsonb NOT NULL,
	"takeaways" text DEFAULT '' NOT NULL,
	"recommendation" text,
	"status" text DEFAULT 'draft' NOT NULL,
	"submitted_at" timestamp with time zone,
	"amended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "scorecards_one_per_stage" UNIQUE("application_id","author_user_id","stage_id"),
	CONSTRAINT "scorecards_status" CHECK (status in ('draft', 'submitted')),
	CONSTRAINT "scorecards_recommendation" CHECK ("scorecards"."recommendation" is null or recommendation in ('strong_no', 'no', 'yes', 'strong_yes')),
	CONSTRAINT "scorecards_submitted" CHECK ("scorecards"."status" = 'draft' or ("scorecards"."submitted_at" is not null and "scorecards"."recommendation" is not null))
);
--> statement-breakpoint
ALTER TABLE "interview_requests" ADD COLUMN "stage_id" text;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "interview_plan" jsonb;--> statement-breakpoint
ALTER TABLE "scorecard_reminders" ADD CONSTRAINT "scorecard_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecard_reminders" ADD CONSTRAINT "scorecard_reminders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scorecards" ADD CONSTRAINT "scorecards_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "scorecards_application_idx" ON "scorecards" USING btree ("application_id");