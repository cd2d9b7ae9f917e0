ALTER TABLE "products" ADD COLUMN "is_draft" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Until now a draft was a hidden listing without a photo: those are the drafts.
UPDATE "products" SET "is_draft" = true WHERE "status" = 'hidden' AND NOT EXISTS (SELECT 1 FROM "product_images" WHERE "product_images"."product_id" = "products"."id");
