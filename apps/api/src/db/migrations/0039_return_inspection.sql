-- A returned item is refunded when its seller confirms its condition, or by itself inspection_days after UPS delivered it
-- back (docs/product/returns.md): the seller's days in their policy, copied onto each return when it is asked for.
ALTER TABLE "return_policies" ADD COLUMN "inspection_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "inspection_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_requests" ADD COLUMN "condition_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "return_policies" ADD CONSTRAINT "return_policies_inspection_range" CHECK ("return_policies"."inspection_days" between 1 and 14);