CREATE TYPE "public"."pickup_charge_source" AS ENUM('carrier real-time API', 'carrier API', 'fallback calculation', 'preview calculation');--> statement-breakpoint
CREATE TYPE "public"."pickup_status" AS ENUM('scheduled', 'cancelled');--> statement-breakpoint
CREATE TYPE "public"."shipment_status" AS ENUM('pending', 'created', 'pickup_scheduled', 'shipped', 'in_transit', 'out_for_delivery', 'delivered', 'exception', 'cancelled', 'returned');--> statement-breakpoint
CREATE TABLE "pickups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"pickup_request_number" text NOT NULL,
	"pickup_date" date NOT NULL,
	"ready_time" text NOT NULL,
	"close_time" text NOT NULL,
	"is_consolidated" boolean DEFAULT false NOT NULL,
	"base_rate_cents" integer DEFAULT 0 NOT NULL,
	"additional_charges_cents" integer DEFAULT 0 NOT NULL,
	"taxes_cents" integer DEFAULT 0 NOT NULL,
	"incentives_cents" integer DEFAULT 0 NOT NULL,
	"consolidation_discount_cents" integer DEFAULT 0 NOT NULL,
	"total_cents" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"charge_details" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"source" "pickup_charge_source" DEFAULT 'carrier API' NOT NULL,
	"status" "pickup_status" DEFAULT 'scheduled' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "pickups_total_non_negative" CHECK ("pickups"."total_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shipment_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"shipment_id" uuid NOT NULL,
	"order_item_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipment_items_quantity_positive" CHECK ("shipment_items"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"status" "shipment_status" DEFAULT 'pending' NOT NULL,
	"carrier" text DEFAULT 'UPS' NOT NULL,
	"tracking_number" text,
	"carrier_shipment_id" text,
	"service_code" text DEFAULT '03' NOT NULL,
	"service_description" text DEFAULT 'UPS Ground' NOT NULL,
	"label_format" text,
	"label_base64" text,
	"weight_ounces" integer DEFAULT 0 NOT NULL,
	"charges_cents" integer,
	"currency" text DEFAULT 'USD' NOT NULL,
	"pickup_id" uuid,
	"shipper_address" jsonb,
	"recipient_address" jsonb NOT NULL,
	"tracking_events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_tracked_at" timestamp with time zone,
	"label_created_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipments_weight_non_negative" CHECK ("shipments"."weight_ounces" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pickups" ADD CONSTRAINT "pickups_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_items" ADD CONSTRAINT "shipment_items_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_pickup_id_pickups_id_fk" FOREIGN KEY ("pickup_id") REFERENCES "public"."pickups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "pickups_request_number_unique" ON "pickups" USING btree ("pickup_request_number");--> statement-breakpoint
CREATE INDEX "pickups_seller_idx" ON "pickups" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "shipment_items_shipment_idx" ON "shipment_items" USING btree ("shipment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipment_items_active_order_item_unique" ON "shipment_items" USING btree ("order_item_id") WHERE "shipment_items"."is_active";--> statement-breakpoint
CREATE INDEX "shipments_seller_idx" ON "shipments" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "shipments_pickup_idx" ON "shipments" USING btree ("pickup_id");--> statement-breakpoint
CREATE INDEX "shipments_status_idx" ON "shipments" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "shipments_tracking_number_unique" ON "shipments" USING btree ("tracking_number") WHERE "shipments"."tracking_number" is not null;