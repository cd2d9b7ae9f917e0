-- A seller may send an approved item without a marketplace label (docs/product/orders.md "Delivery"): the carrier they
-- named and its tracking number; no carrier tracks it here, so they mark it delivered by hand.
ALTER TABLE "order_items" ADD COLUMN "shipped_with" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "shipped_tracking_number" text;