-- A seller's label account (docs/product/money.md): each label bought through the marketplace charged to its seller, a
-- voided one credited back, settled by payouts; and the shipping credit and label lines each payout carries.
CREATE TYPE "public"."label_charge_kind" AS ENUM('label', 'void_credit');--> statement-breakpoint
CREATE TABLE "label_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seller_id" uuid NOT NULL,
	"shipment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" "label_charge_kind" NOT NULL,
	"amount_cents" integer NOT NULL,
	"tracking_number" text,
	"settled_by_payout_id" uuid,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "label_charges_sign" CHECK (("label_charges"."kind" = 'label' and "label_charges"."amount_cents" < 0) or ("label_charges"."kind" = 'void_credit' and "label_charges"."amount_cents" > 0))
);
--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "shipping_credit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payouts" ADD COLUMN "label_charge_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "label_charges" ADD CONSTRAINT "label_charges_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_charges" ADD CONSTRAINT "label_charges_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_charges" ADD CONSTRAINT "label_charges_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "label_charges" ADD CONSTRAINT "label_charges_settled_by_payout_id_payouts_id_fk" FOREIGN KEY ("settled_by_payout_id") REFERENCES "public"."payouts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "label_charges_shipment_kind_unique" ON "label_charges" USING btree ("shipment_id","kind");--> statement-breakpoint
CREATE INDEX "label_charges_seller_idx" ON "label_charges" USING btree ("seller_id","settled_at","created_at");--> statement-breakpoint
CREATE INDEX "label_charges_order_idx" ON "label_charges" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "payouts" ADD CONSTRAINT "payouts_shipping_credit_non_negative" CHECK ("payouts"."shipping_credit_cents" >= 0);