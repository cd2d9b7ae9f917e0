CREATE TABLE "sandbox_carrier_packages" (
	"tracking_number" text PRIMARY KEY NOT NULL,
	"shipment_id" text NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_carrier_pickups" (
	"number" text PRIMARY KEY NOT NULL,
	"request_key" text,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_carrier_packages_shipment_idx" ON "sandbox_carrier_packages" USING btree ("shipment_id");--> statement-breakpoint
CREATE INDEX "sandbox_carrier_pickups_request_key_idx" ON "sandbox_carrier_pickups" USING btree ("request_key");