ALTER TABLE "orders" ADD COLUMN "idempotency_request_hash" text;--> statement-breakpoint
ALTER TABLE "shipments" ADD COLUMN "label_requested_at" timestamp with time zone;