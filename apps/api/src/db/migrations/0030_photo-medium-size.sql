-- Listing photos get a third size, 800 px on the longer side, for phones (lib/photo-variants.ts). New photos have it
-- from their upload; the job uploads-make-medium-sizes makes it for the photos stored before, found by the partial
-- index of exactly those still waiting (it empties as the job goes).
ALTER TABLE "product_images" ADD COLUMN "medium_key" text;--> statement-breakpoint
CREATE INDEX "product_images_medium_waiting_idx" ON "product_images" USING btree ("created_at","id") WHERE "product_images"."medium_key" is null and greatest("product_images"."width", "product_images"."height") > 800;