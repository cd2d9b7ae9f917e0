-- Personalisation and gift notes: what a listing asks its buyers to write, the buyer's text on the cart line (a line
-- per text, told apart by its digest) and on the order item, and the shops' parts of an order sent as a gift.
CREATE TABLE "order_gifts" (
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_gifts_order_id_seller_id_pk" PRIMARY KEY("order_id","seller_id")
);
--> statement-breakpoint
ALTER TABLE "cart_items" DROP CONSTRAINT "cart_items_user_product_variant_unique";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "personalization" text;--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "personalization_key" text GENERATED ALWAYS AS (md5(coalesce(personalization, ''))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "personalization" jsonb;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "personalization" text;--> statement-breakpoint
ALTER TABLE "order_gifts" ADD CONSTRAINT "order_gifts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_gifts" ADD CONSTRAINT "order_gifts_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_product_variant_text_unique" UNIQUE NULLS NOT DISTINCT("user_id","product_id","variant_id","personalization_key");