-- A late parcel refunds its shop's shipping (docs/product/shipping.md): each line's shipping given back apart from its other
-- refunds, and each shop part's first carrier scan, delivery day and late refund (who pays it, once).
CREATE TYPE "public"."late_refund_payer" AS ENUM('seller', 'marketplace');--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "late_shipping_refund_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_shop_shipping" ADD COLUMN "first_scan_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_shop_shipping" ADD COLUMN "delivered_on" date;--> statement-breakpoint
ALTER TABLE "order_shop_shipping" ADD COLUMN "late_refund_paid_by" "late_refund_payer";--> statement-breakpoint
ALTER TABLE "order_shop_shipping" ADD COLUMN "late_refund_cents" integer;--> statement-breakpoint
ALTER TABLE "order_shop_shipping" ADD COLUMN "late_refunded_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "order_shop_shipping_delivered_idx" ON "order_shop_shipping" USING btree ("seller_id","delivered_on") WHERE "order_shop_shipping"."delivered_on" is not null;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_late_refund_within_shipping" CHECK ("order_items"."late_shipping_refund_cents" >= 0 and "order_items"."late_shipping_refund_cents" <= coalesce("order_items"."shipping_cents", 0));