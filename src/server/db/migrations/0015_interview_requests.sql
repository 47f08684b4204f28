CREATE TABLE "interview_request_interviewers" (
	"request_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	CONSTRAINT "interview_request_interviewers_request_id_user_id_pk" PRIMARY KEY("request_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "interview_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"proposed_by_user_id" text,
	"duration_minutes" integer NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"booking_id" uuid,
	"token_hash" text NOT NULL,
	"token_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "interview_requests_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "interview_requests_status" CHECK (status in ('open', 'booked', 'cancelled')),
	CONSTRAINT "interview_requests_duration" CHECK ("interview_requests"."duration_minutes" between 15 and 240),
	CONSTRAINT "interview_requests_window" CHECK ("interview_requests"."window_end" > "interview_requests"."window_start")
);
--> statement-breakpoint
ALTER TABLE "staff_schedules" ADD COLUMN "feed_token_sealed" text;--> statement-breakpoint
ALTER TABLE "interview_request_interviewers" ADD CONSTRAINT "interview_request_interviewers_request_id_interview_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."interview_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_request_interviewers" ADD CONSTRAINT "interview_request_interviewers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_requests" ADD CONSTRAINT "interview_requests_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_requests" ADD CONSTRAINT "interview_requests_proposed_by_user_id_users_id_fk" FOREIGN KEY ("proposed_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_requests" ADD CONSTRAINT "interview_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "interview_requests_application_idx" ON "interview_requests" USING btree ("application_id");