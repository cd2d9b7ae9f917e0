DROP INDEX "shipments_seller_idx";--> statement-breakpoint
CREATE INDEX "shipments_seller_status_idx" ON "shipments" USING btree ("seller_id","status","pickup_id");--> statement-breakpoint
CREATE INDEX "shipments_seller_idx" ON "shipments" USING btree ("seller_id","created_at","id");