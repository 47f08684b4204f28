-- Issue 55: integrations (webhooks and chat channels), their deliveries in order per thread, and each
-- try of a delivery (decision 072). A delivery goes with its event: an erased person's are not sent again.
CREATE TABLE "integration_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"delivery_id" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"status" integer,
	"answer" text,
	"error" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_deliveries" (
	"id" text PRIMARY KEY NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"order_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone,
	"last_attempt_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_deliveries_once" UNIQUE("endpoint_id","event_id"),
	CONSTRAINT "integration_deliveries_state" CHECK (state in ('pending', 'delivered', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "integration_endpoints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"url_sealed" text NOT NULL,
	"url_host" text NOT NULL,
	"secret_sealed" text,
	"events" text[] NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"disabled_reason" text,
	"disabled_at" timestamp with time zone,
	"failing_since" timestamp with time zone,
	"created_by_user_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integration_endpoints_kind" CHECK (kind in ('webhook', 'chat')),
	CONSTRAINT "integration_endpoints_name_length" CHECK (char_length("integration_endpoints"."name") between 2 and 100),
	CONSTRAINT "integration_endpoints_secret" CHECK (("integration_endpoints"."kind" = 'webhook') = ("integration_endpoints"."secret_sealed" is not null))
);
--> statement-breakpoint
ALTER TABLE "integration_attempts" ADD CONSTRAINT "integration_attempts_delivery_id_integration_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."integration_deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_deliveries" ADD CONSTRAINT "integration_deliveries_endpoint_id_integration_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."integration_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_deliveries" ADD CONSTRAINT "integration_deliveries_event_id_domain_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."domain_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_endpoints" ADD CONSTRAINT "integration_endpoints_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_attempts_delivery_idx" ON "integration_attempts" USING btree ("delivery_id","at");--> statement-breakpoint
CREATE INDEX "integration_deliveries_waiting_idx" ON "integration_deliveries" USING btree ("endpoint_id","order_key","event_id") WHERE "integration_deliveries"."state" = 'pending';--> statement-breakpoint
CREATE INDEX "integration_deliveries_log_idx" ON "integration_deliveries" USING btree ("endpoint_id","created_at");--> statement-breakpoint
CREATE INDEX "integration_deliveries_event_idx" ON "integration_deliveries" USING btree ("event_id");