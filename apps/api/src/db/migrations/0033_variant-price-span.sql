-- A price filter finds a listing with variants by any of its prices on sale, so the listing (and its kept words) keeps its highest price on sale beside its lowest.
ALTER TABLE "products" ADD COLUMN "max_price_cents" integer;--> statement-breakpoint
ALTER TABLE "listing_terms" ADD COLUMN "max_price_cents" integer;--> statement-breakpoint
-- The words carry the highest price as they carry the lowest (migration 0028, with the new column).
CREATE OR REPLACE FUNCTION "listing_terms_insert"("ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "listing_terms" ("product_id", "lexeme", "rank_key", "created_at", "seller_id", "category_id", "price_cents", "max_price_cents")
  SELECT p."id", t."lexeme", "listing_rank_key"(ts_rank(p."search_vector", quote_literal(t."lexeme")::tsquery)), p."created_at", p."seller_id", p."category_id", p."price_cents", p."max_price_cents"
  FROM "products" p CROSS JOIN LATERAL unnest(p."search_vector") t
  WHERE p."id" = ANY("ids") AND p."status" = 'active'
$$;--> statement-breakpoint
-- And a listing's words are written again when its highest price changes (as in migration 0028 otherwise).
CREATE OR REPLACE FUNCTION "products_keep_listing_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "gone" uuid[];
  "added" uuid[];
  "lexemes" text[];
  "signs" integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    "added" := ARRAY(SELECT n."id" FROM "new_listings" n WHERE n."status" = 'active');
    SELECT array_agg(t."lexeme"), array_agg(1) INTO "lexemes", "signs"
    FROM "new_listings" n CROSS JOIN LATERAL unnest(n."search_vector") t WHERE n."status" = 'active';
  ELSIF TG_OP = 'DELETE' THEN
    "gone" := ARRAY(SELECT o."id" FROM "old_listings" o WHERE o."status" = 'active');
    SELECT array_agg(t."lexeme"), array_agg(-1) INTO "lexemes", "signs"
    FROM "old_listings" o CROSS JOIN LATERAL unnest(o."search_vector") t WHERE o."status" = 'active';
  ELSE
    -- Only listings whose words, rank or page columns changed: a sale that takes stock writes nothing here.
    SELECT array_agg(o."id") FILTER (WHERE o."status" = 'active'), array_agg(n."id") FILTER (WHERE n."status" = 'active')
    INTO "gone", "added"
    FROM "old_listings" o JOIN "new_listings" n ON n."id" = o."id"
    WHERE (o."status" = 'active' OR n."status" = 'active')
      AND (o."status", o."search_vector", o."created_at", o."seller_id", o."category_id", o."price_cents", o."max_price_cents")
        IS DISTINCT FROM (n."status", n."search_vector", n."created_at", n."seller_id", n."category_id", n."price_cents", n."max_price_cents");
    SELECT array_agg(x."lexeme"), array_agg(x."sign") INTO "lexemes", "signs" FROM (
      SELECT t."lexeme", -1 AS "sign" FROM "old_listings" o JOIN unnest("gone") g("id") ON g."id" = o."id" CROSS JOIN LATERAL unnest(o."search_vector") t
      UNION ALL
      SELECT t."lexeme", 1 FROM "new_listings" n JOIN unnest("added") a("id") ON a."id" = n."id" CROSS JOIN LATERAL unnest(n."search_vector") t
    ) x;
  END IF;
  IF cardinality("gone") > 0 THEN DELETE FROM "listing_terms" WHERE "product_id" = ANY("gone"); END IF;
  IF cardinality("added") > 0 THEN PERFORM "listing_terms_insert"("added"); END IF;
  IF "lexemes" IS NOT NULL THEN PERFORM "catalogue_lexemes_apply"("lexemes", "signs"); END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DROP INDEX "listing_terms_rank_idx";--> statement-breakpoint
DROP INDEX "products_live_newest_idx";--> statement-breakpoint
DROP INDEX "products_live_category_newest_idx";--> statement-breakpoint
DROP INDEX "products_live_price_idx";--> statement-breakpoint
DROP INDEX "products_live_category_price_idx";--> statement-breakpoint
-- The listings with variants as they are now: the highest price of their variants on sale, of all of them when
-- none is (as variants.repository.ts writeListingTotals computes the lowest); their words follow (the trigger above).
-- Never below the lowest price (the check added last).
UPDATE "products" SET "max_price_cents" = greatest("products"."price_cents", coalesce(
  (SELECT max(v."price_cents") FROM "product_variants" v WHERE v."product_id" = "products"."id" AND v."available"),
  (SELECT max(v."price_cents") FROM "product_variants" v WHERE v."product_id" = "products"."id")
)) WHERE "products"."has_variants";--> statement-breakpoint
CREATE INDEX "product_variants_price_idx" ON "product_variants" USING btree ("price_cents","product_id","available");--> statement-breakpoint
CREATE INDEX "products_live_variant_prices_idx" ON "products" USING btree ("price_cents","max_price_cents","id","seller_id","category_id") WHERE "products"."status" = 'active' and "products"."max_price_cents" is not null;--> statement-breakpoint
CREATE INDEX "listing_terms_rank_idx" ON "listing_terms" USING btree ("lexeme","rank_key" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"product_id","seller_id","category_id","price_cents","max_price_cents");--> statement-breakpoint
CREATE INDEX "products_live_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id","seller_id","category_id","price_cents","max_price_cents") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_live_category_newest_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id","seller_id","price_cents","max_price_cents") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_live_price_idx" ON "products" USING btree ("price_cents","created_at" DESC NULLS FIRST,"id","seller_id","category_id","max_price_cents") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_live_category_price_idx" ON "products" USING btree ("category_id","price_cents","created_at" DESC NULLS FIRST,"id","seller_id","max_price_cents") WHERE "products"."status" = 'active';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_max_price_valid" CHECK ("products"."max_price_cents" is null or ("products"."has_variants" and "products"."max_price_cents" >= "products"."price_cents"));
