-- Shipping that each shop sets (docs/product/shipping.md): sellers' shipping profiles, the profile a listing ships with
-- (null: its seller's default), each shop's part of an order with its shipping and delivery promise, and each line's
-- share of its shop's shipping (null for the orders placed before).
CREATE TYPE "public"."shipping_rate_type" AS ENUM('flat', 'free', 'calculated');--> statement-breakpoint
CREATE TABLE "shipping_profiles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"name" text NOT NULL,
	"handling_min_days" integer NOT NULL,
	"handling_max_days" integer NOT NULL,
	"rate_type" "shipping_rate_type" NOT NULL,
	"first_cents" integer,
	"additional_cents" integer,
	"minimum_items_total_cents" integer,
	"handling_fee_cents" integer DEFAULT 0 NOT NULL,
	"ship_from" jsonb,
	"box_length_inches" integer,
	"box_width_inches" integer,
	"box_height_inches" integer,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shipping_profiles_handling_valid" CHECK ("shipping_profiles"."handling_min_days" >= 0 and "shipping_profiles"."handling_min_days" <= "shipping_profiles"."handling_max_days"),
	CONSTRAINT "shipping_profiles_rate_valid" CHECK (("shipping_profiles"."rate_type" <> 'flat' or ("shipping_profiles"."first_cents" >= 0 and "shipping_profiles"."additional_cents" >= 0)) and "shipping_profiles"."handling_fee_cents" >= 0 and ("shipping_profiles"."minimum_items_total_cents" is null or "shipping_profiles"."minimum_items_total_cents" > 0)),
	CONSTRAINT "shipping_profiles_box_whole" CHECK (("shipping_profiles"."box_length_inches" is null) = ("shipping_profiles"."box_width_inches" is null) and ("shipping_profiles"."box_width_inches" is null) = ("shipping_profiles"."box_height_inches" is null))
);
--> statement-breakpoint
CREATE TABLE "order_shop_shipping" (
	"order_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"shipping_cents" integer NOT NULL,
	"rate_description" text NOT NULL,
	"handling_min_days" integer NOT NULL,
	"handling_max_days" integer NOT NULL,
	"transit_days" integer NOT NULL,
	"ship_by" date NOT NULL,
	"arrives_earliest" date NOT NULL,
	"arrives_latest" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_shop_shipping_order_id_seller_id_pk" PRIMARY KEY("order_id","seller_id"),
	CONSTRAINT "order_shop_shipping_valid" CHECK ("order_shop_shipping"."shipping_cents" >= 0 and "order_shop_shipping"."arrives_earliest" <= "order_shop_shipping"."arrives_latest")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "shipping_profile_id" uuid;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "shipping_cents" integer;--> statement-breakpoint
ALTER TABLE "shipping_profiles" ADD CONSTRAINT "shipping_profiles_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shop_shipping" ADD CONSTRAINT "order_shop_shipping_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shop_shipping" ADD CONSTRAINT "order_shop_shipping_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipping_profiles_seller_idx" ON "shipping_profiles" USING btree ("seller_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_profiles_one_default" ON "shipping_profiles" USING btree ("seller_id") WHERE "shipping_profiles"."is_default";--> statement-breakpoint
CREATE INDEX "order_shop_shipping_seller_idx" ON "order_shop_shipping" USING btree ("seller_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shipping_profile_id_shipping_profiles_id_fk" FOREIGN KEY ("shipping_profile_id") REFERENCES "public"."shipping_profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_shipping_profile_idx" ON "products" USING btree ("shipping_profile_id") WHERE "products"."shipping_profile_id" is not null;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_shipping_non_negative" CHECK ("order_items"."shipping_cents" is null or "order_items"."shipping_cents" >= 0);