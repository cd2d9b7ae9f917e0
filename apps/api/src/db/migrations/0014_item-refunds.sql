-- Refunds become amounts (several per item, each with its own key), and items gain 'partially_refunded'.
-- The enum is rebuilt rather than extended: a value added with ALTER TYPE … ADD VALUE cannot be used in the
-- same transaction, and the migrator applies every pending migration in one.
CREATE TYPE "public"."refund_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
DROP INDEX "order_items_payable_recent_idx";--> statement-breakpoint
ALTER TYPE "public"."order_item_status" RENAME TO "order_item_status_before_0014";--> statement-breakpoint
CREATE TYPE "public"."order_item_status" AS ENUM('pending', 'approved', 'rejected', 'shipped', 'delivered', 'completed', 'partially_refunded', 'refunded', 'cancelled');--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "status" TYPE "public"."order_item_status" USING "status"::text::"public"."order_item_status";--> statement-breakpoint
ALTER TABLE "order_items" ALTER COLUMN "status" SET DEFAULT 'pending';--> statement-breakpoint
DROP TYPE "public"."order_item_status_before_0014";--> statement-breakpoint
DROP INDEX "refunds_order_item_unique";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "provider_refund_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "refunded_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "refund_key" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "status" "refund_status" DEFAULT 'succeeded' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "failure_reason" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Earlier refunds were one per item, keyed by the item with the provider.
UPDATE "refunds" SET "refund_key" = 'order-item:' || "order_item_id", "updated_at" = "created_at";--> statement-breakpoint
ALTER TABLE "refunds" ALTER COLUMN "refund_key" SET NOT NULL;--> statement-breakpoint
UPDATE "order_items" SET "refunded_cents" = r."total" FROM (SELECT "order_item_id", sum("amount_cents")::integer AS "total" FROM "refunds" GROUP BY "order_item_id") r WHERE r."order_item_id" = "order_items"."id";--> statement-breakpoint
-- A dispute used to mark an item refunded whatever it gave back: less than the line (and its add-on) is partial.
UPDATE "order_items" SET "status" = 'partially_refunded' WHERE "status" = 'refunded' AND "refunded_cents" > 0 AND "refunded_cents" < "price_cents" * "quantity" + CASE WHEN "retip_added" THEN "retip_price_cents" ELSE 0 END;--> statement-breakpoint
UPDATE "order_items" SET "delivered_at" = "updated_at" WHERE "status" IN ('delivered', 'completed');--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_refund_key_unique" ON "refunds" USING btree ("refund_key");--> statement-breakpoint
CREATE INDEX "refunds_order_item_idx" ON "refunds" USING btree ("order_item_id","created_at");--> statement-breakpoint
CREATE INDEX "order_items_payable_recent_idx" ON "order_items" USING btree ("updated_at","id") WHERE "order_items"."status" in ('shipped', 'delivered', 'partially_refunded');--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_refunded_non_negative" CHECK ("order_items"."refunded_cents" >= 0);--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0);
