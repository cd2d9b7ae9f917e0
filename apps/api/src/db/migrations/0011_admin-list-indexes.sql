DROP INDEX "payouts_seller_created_idx";--> statement-breakpoint
DROP INDEX "payouts_created_idx";--> statement-breakpoint
CREATE INDEX "payouts_paid_idx" ON "payouts" USING btree ("paid_at","seller_id","net_cents") WHERE "payouts"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "payouts_seller_paid_idx" ON "payouts" USING btree ("seller_id","paid_at","net_cents") WHERE "payouts"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "payouts_seller_created_idx" ON "payouts" USING btree ("seller_id","created_at","status");--> statement-breakpoint
CREATE INDEX "payouts_created_idx" ON "payouts" USING btree ("created_at","status");