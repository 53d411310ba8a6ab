CREATE TABLE "webhook_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"endpoint_id" uuid NOT NULL,
	"event_id" uuid NOT NULL,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"give_up_at" timestamp with time zone DEFAULT now() + interval '24 hours' NOT NULL,
	"last_status" integer,
	"last_response" text,
	"last_error" text,
	"delivered_at" timestamp with time zone,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "webhook_deliveries_state_check" CHECK ("webhook_deliveries"."state" in ('PENDING', 'SENDING', 'DELIVERED', 'FAILED'))
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" uuid PRIMARY KEY NOT NULL,
	"merchant_id" uuid NOT NULL,
	"url" text NOT NULL,
	"events" text[] NOT NULL,
	"secret" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"type" text NOT NULL,
	"order_id" uuid,
	"facts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"data" jsonb,
	"created_date" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_deliveries" ADD CONSTRAINT "webhook_deliveries_event_id_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_deliveries_event_id_endpoint_id_idx" ON "webhook_deliveries" USING btree ("event_id","endpoint_id");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_state_next_attempt_at_idx" ON "webhook_deliveries" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_id_created_date_idx" ON "webhook_deliveries" USING btree ("endpoint_id","created_date");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_merchant_id_idx" ON "webhook_endpoints" USING btree ("merchant_id");--> statement-breakpoint
CREATE INDEX "webhook_events_merchant_id_created_date_idx" ON "webhook_events" USING btree ("merchant_id","created_date");--> statement-breakpoint
-- An order is placed by one statement (savat_place_order), so its order.placed event is written by
-- this trigger, in the placement's own transaction; a brand without an endpoint that wants it pays
-- one index lookup. The event's name is WEBHOOK_EVENTS' (src/domain/webhooks.ts).
CREATE FUNCTION savat_webhook_order_placed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  event_id uuid;
BEGIN
  IF EXISTS (
    SELECT 1 FROM webhook_endpoints e
    WHERE e.merchant_id = NEW.merchant_id AND e.enabled AND 'order.placed' = ANY (e.events)
  ) THEN
    INSERT INTO webhook_events (merchant_id, type, order_id, facts)
    VALUES (NEW.merchant_id, 'order.placed', NEW.id, jsonb_build_object('status', NEW.status))
    RETURNING id INTO event_id;
    INSERT INTO webhook_deliveries (merchant_id, endpoint_id, event_id)
    SELECT e.merchant_id, e.id, event_id FROM webhook_endpoints e
    WHERE e.merchant_id = NEW.merchant_id AND e.enabled AND 'order.placed' = ANY (e.events);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER orders_webhook_order_placed AFTER INSERT ON orders
  FOR EACH ROW EXECUTE FUNCTION savat_webhook_order_placed();
