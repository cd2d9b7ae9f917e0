-- The stock a checkout has taken while the card is charged, outside the order's transaction (docs/product/checkout.md
-- "Placing the order"): written with the units taken, deleted when the order is written or the units are given back.
CREATE TABLE "checkout_reservations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"buyer_id" uuid NOT NULL,
	"request_hash" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"stock" jsonb NOT NULL,
	"draft" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "checkout_reservations_amount_nonnegative" CHECK ("checkout_reservations"."amount_cents" >= 0)
);
--> statement-breakpoint
ALTER TABLE "checkout_reservations" ADD CONSTRAINT "checkout_reservations_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_reservations_created_at_idx" ON "checkout_reservations" USING btree ("created_at");