-- Variations (decision 0043): a listing's variants, the listing's variations and the flag the lists read, the
-- cart line's variant (one line per listing and variant), and the order item's variant and its label.
CREATE TABLE "product_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"options" jsonb NOT NULL,
	"combination_key" text NOT NULL,
	"label" text NOT NULL,
	"price_cents" integer NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"sku" text,
	"available" boolean DEFAULT true NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_variants_price_positive" CHECK ("product_variants"."price_cents" > 0),
	CONSTRAINT "product_variants_quantity_non_negative" CHECK ("product_variants"."quantity" >= 0)
);
--> statement-breakpoint
DROP INDEX "cart_items_user_product_unique";--> statement-breakpoint
ALTER TABLE "cart_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "variations" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "has_variants" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "variant_label" text;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_variants_combination_unique" ON "product_variants" USING btree ("product_id","combination_key");--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_items" ADD CONSTRAINT "cart_items_user_product_variant_unique" UNIQUE NULLS NOT DISTINCT("user_id","product_id","variant_id");