-- A photo per option (decision 0043, "Later"): a combination may show one of its listing's photos; no reference, as the
-- photos are the uploads module's (a photo deleted later reads as none).
ALTER TABLE "product_variants" ADD COLUMN "image_id" uuid;