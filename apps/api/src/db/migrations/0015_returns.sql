CREATE TYPE "public"."return_reason" AS ENUM('changed_mind', 'not_as_described', 'damaged', 'wrong_item', 'does_not_fit', 'other');--> statement-breakpoint
CREATE TYPE "public"."return_status" AS ENUM('requested', 'refused', 'accepted', 'in_transit', 'delivered', 'refunded', 'cancelled');--> statement-breakpoint
CREATE TABLE "return_policies" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"window_days" integer DEFAULT 30 NOT NULL,
	"restocking_fee_basis_points" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_policies_window_range" CHECK ("return_policies"."window_days" between 0 and 365),
	CONSTRAINT "return_policies_fee_range" CHECK ("return_policies"."restocking_fee_basis_points" between 0 and 5000)
);
--> statement-breakpoint
CREATE TABLE "return_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_item_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"reason" "return_reason" NOT NULL,
	"description" text NOT NULL,
	"photos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" "return_status" DEFAULT 'requested' NOT NULL,
	"window_days" integer NOT NULL,
	"restocking_fee_basis_points" integer NOT NULL,
	"refusal_reason" text,
	"decided_at" timestamp with time zone,
	"tracking_number" text,
	"carrier_shipment_id" text,
	"service_description" text,
	"label_format" text,
	"label_base64" text,
	"label_charges_cents" integer,
	"shipper_address" jsonb,
	"recipient_address" jsonb,
	"label_created_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"tracking_events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_tracked_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"refund_cents" integer,
	"restocking_fee_cents" integer,
	"refunded_at" timestamp with time zone,
	"refund_failure" text,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "return_requests_refund_non_negative" CHECK ("return_requests"."refund_cents" is null or "return_requests"."refund_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "return_policies" ADD CONSTRAINT "return_policies_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_item_id_order_items_id_fk" FOREIGN KEY ("order_item_id") REFERENCES "public"."order_items"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_requests" ADD CONSTRAINT "return_requests_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_one_open_per_item" ON "return_requests" USING btree ("order_item_id") WHERE "return_requests"."status" in ('requested', 'accepted', 'in_transit', 'delivered');--> statement-breakpoint
CREATE UNIQUE INDEX "return_requests_tracking_number_unique" ON "return_requests" USING btree ("tracking_number") WHERE "return_requests"."tracking_number" is not null;--> statement-breakpoint
CREATE INDEX "return_requests_buyer_idx" ON "return_requests" USING btree ("buyer_id","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_seller_idx" ON "return_requests" USING btree ("seller_id","created_at");--> statement-breakpoint
CREATE INDEX "return_requests_status_idx" ON "return_requests" USING btree ("status","last_tracked_at");