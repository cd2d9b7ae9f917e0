CREATE TABLE "catalogue_lexemes" (
	"lexeme" text PRIMARY KEY NOT NULL,
	"listing_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_terms" (
	"product_id" uuid NOT NULL,
	"lexeme" text NOT NULL,
	"rank_key" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"seller_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "listing_terms_product_id_lexeme_pk" PRIMARY KEY("product_id","lexeme")
);
--> statement-breakpoint
CREATE INDEX "catalogue_lexemes_trgm_idx" ON "catalogue_lexemes" USING gin ("lexeme" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listing_terms_rank_idx" ON "listing_terms" USING btree ("lexeme","rank_key" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"product_id","seller_id","category_id","price_cents");--> statement-breakpoint
-- A rank (ts_rank's float4, never negative) as an integer in the same order: its IEEE-754 bits. The catalogue
-- keeps no fraction type; this keeps the order exact, ties included.
CREATE FUNCTION "listing_rank_key"("rank" real) RETURNS integer LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT ('x' || encode(float4send("rank"), 'hex'))::bit(32)::integer
$$;--> statement-breakpoint
-- A listing's words as the word search reads them: one row per lexeme of its search document while it is
-- active, with its rank for that lexeme alone (the same ts_rank a search for that one word computes).
CREATE FUNCTION "listing_terms_insert"("ids" uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "listing_terms" ("product_id", "lexeme", "rank_key", "created_at", "seller_id", "category_id", "price_cents")
  SELECT p."id", t."lexeme", "listing_rank_key"(ts_rank(p."search_vector", quote_literal(t."lexeme")::tsquery)), p."created_at", p."seller_id", p."category_id", p."price_cents"
  FROM "products" p CROSS JOIN LATERAL unnest(p."search_vector") t
  WHERE p."id" = ANY("ids") AND p."status" = 'active'
$$;--> statement-breakpoint
-- Each word's count of active listings, written in word order so two statements never wait on each
-- other's rows crosswise. A word whose count falls to 0 keeps its row (readers skip it).
CREATE FUNCTION "catalogue_lexemes_apply"("lexemes" text[], "signs" integer[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO "catalogue_lexemes" ("lexeme", "listing_count")
  SELECT x."lexeme", sum(x."sign")::int FROM unnest("lexemes", "signs") AS x("lexeme", "sign")
  GROUP BY x."lexeme" HAVING sum(x."sign") <> 0 ORDER BY x."lexeme"
  ON CONFLICT ("lexeme") DO UPDATE SET "listing_count" = "catalogue_lexemes"."listing_count" + excluded."listing_count"
$$;--> statement-breakpoint
CREATE FUNCTION "products_keep_listing_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
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
      AND (o."status", o."search_vector", o."created_at", o."seller_id", o."category_id", o."price_cents")
        IS DISTINCT FROM (n."status", n."search_vector", n."created_at", n."seller_id", n."category_id", n."price_cents");
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
CREATE TRIGGER "products_listing_terms_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "new_listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "products_keep_listing_terms"();--> statement-breakpoint
CREATE TRIGGER "products_listing_terms_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS "old_listings" NEW TABLE AS "new_listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "products_keep_listing_terms"();--> statement-breakpoint
CREATE TRIGGER "products_listing_terms_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS "old_listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "products_keep_listing_terms"();--> statement-breakpoint
-- Emptying the listings (a test resetting its database, an operator starting over) empties their words.
CREATE FUNCTION "products_truncate_listing_terms"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  TRUNCATE "listing_terms", "catalogue_lexemes";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_listing_terms_truncate" AFTER TRUNCATE ON "products"
  FOR EACH STATEMENT EXECUTE FUNCTION "products_truncate_listing_terms"();--> statement-breakpoint
-- New words are rare (a count changing rewrites no index entry), so the trigram index takes each at once
-- rather than through a pending list that every misspelt search would otherwise read through.
ALTER INDEX "catalogue_lexemes_trgm_idx" SET (fastupdate = off);--> statement-breakpoint
-- The words as they are now.
SELECT "listing_terms_insert"(ARRAY(SELECT "id" FROM "products" WHERE "status" = 'active'));--> statement-breakpoint
INSERT INTO "catalogue_lexemes" ("lexeme", "listing_count")
SELECT "lexeme", count(*)::int FROM "listing_terms" GROUP BY "lexeme";--> statement-breakpoint
ANALYZE "listing_terms";--> statement-breakpoint
ANALYZE "catalogue_lexemes";
