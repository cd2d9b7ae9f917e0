CREATE TABLE "live_listing_counts" (
	"category_id" uuid PRIMARY KEY NOT NULL,
	"live_count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller_review_totals" (
	"seller_id" uuid PRIMARY KEY NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"rating_sum" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
DROP INDEX "products_status_created_idx";--> statement-breakpoint
ALTER TABLE "live_listing_counts" ADD CONSTRAINT "live_listing_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "seller_review_totals" ADD CONSTRAINT "seller_review_totals_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_live_newest_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id","seller_id","category_id","price_cents") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_live_category_newest_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS FIRST,"id","seller_id","price_cents") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_live_price_idx" ON "products" USING btree ("price_cents","created_at" DESC NULLS FIRST,"id","seller_id","category_id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "products_live_category_price_idx" ON "products" USING btree ("category_id","price_cents","created_at" DESC NULLS FIRST,"id","seller_id") WHERE "products"."status" = 'active';--> statement-breakpoint
CREATE INDEX "users_suspended_idx" ON "users" USING btree ("id") WHERE "users"."status" = 'suspended';--> statement-breakpoint
-- The figures as they are now: live listings per category (active, and their seller not suspended: the
-- rule of live-listings.repository.ts) and each seller's review totals over all their listings.
INSERT INTO "live_listing_counts" ("category_id", "live_count")
SELECT c."id", count(p."id") FILTER (WHERE p."status" = 'active' AND u."status" <> 'suspended')::int
FROM "categories" c
LEFT JOIN "products" p ON p."category_id" = c."id"
LEFT JOIN "users" u ON u."id" = p."seller_id"
GROUP BY c."id";--> statement-breakpoint
INSERT INTO "seller_review_totals" ("seller_id", "review_count", "rating_sum")
SELECT "seller_id", sum("review_count")::int, sum("rating_sum")::int FROM "products" GROUP BY "seller_id";--> statement-breakpoint
-- Kept from here on by PostgreSQL, once per statement (a bulk insert of 5,000 listings is one update per
-- category). Each changed listing counts -1 as it was and +1 as it is. The figures' rows are written in key
-- order, so two statements never wait on each other's rows crosswise. The sellers of listings whose
-- liveness may change are locked for share first: a suspension of one of them waits for this transaction
-- (and a listing change waits for a suspension), so each side counts what the other committed.
CREATE TYPE "listing_change" AS ("category_id" uuid, "seller_id" uuid, "status" "product_status", "review_count" integer, "rating_sum" integer, "sign" integer, "counts_liveness" boolean);--> statement-breakpoint
CREATE FUNCTION "catalogue_apply_listing_changes"("changes" "listing_change"[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality("changes") = 0 THEN RETURN; END IF;
  PERFORM 1 FROM "users" u WHERE u."id" IN (SELECT x."seller_id" FROM unnest("changes") x WHERE x."counts_liveness") ORDER BY u."id" FOR SHARE;
  INSERT INTO "live_listing_counts" ("category_id", "live_count")
  SELECT x."category_id", sum(x."sign")::int
  FROM unnest("changes") x
  WHERE x."counts_liveness" AND x."status" = 'active'
    AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = x."seller_id" AND u."status" = 'suspended')
  GROUP BY x."category_id" HAVING sum(x."sign") <> 0
  ORDER BY x."category_id"
  ON CONFLICT ("category_id") DO UPDATE SET "live_count" = "live_listing_counts"."live_count" + excluded."live_count";
  INSERT INTO "seller_review_totals" ("seller_id", "review_count", "rating_sum")
  SELECT x."seller_id", sum(x."sign" * x."review_count")::int, sum(x."sign" * x."rating_sum")::int
  FROM unnest("changes") x
  GROUP BY x."seller_id" HAVING sum(x."sign" * x."review_count") <> 0 OR sum(x."sign" * x."rating_sum") <> 0
  ORDER BY x."seller_id"
  ON CONFLICT ("seller_id") DO UPDATE SET "review_count" = "seller_review_totals"."review_count" + excluded."review_count",
    "rating_sum" = "seller_review_totals"."rating_sum" + excluded."rating_sum";
END $$;--> statement-breakpoint
CREATE FUNCTION "products_keep_catalogue_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM "catalogue_apply_listing_changes"(ARRAY(
      SELECT ROW(n."category_id", n."seller_id", n."status", n."review_count", n."rating_sum", 1, true)::"listing_change" FROM "new_listings" n));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM "catalogue_apply_listing_changes"(ARRAY(
      SELECT ROW(o."category_id", o."seller_id", o."status", o."review_count", o."rating_sum", -1, true)::"listing_change" FROM "old_listings" o));
  ELSE
    -- Only what changed: a sale that takes stock changes neither figure and writes nothing.
    PERFORM "catalogue_apply_listing_changes"(ARRAY(
      SELECT v."change"
      FROM "old_listings" o
      JOIN "new_listings" n ON n."id" = o."id"
      CROSS JOIN LATERAL (SELECT (o."status", o."category_id", o."seller_id") IS DISTINCT FROM (n."status", n."category_id", n."seller_id") AS "liveness") l
      CROSS JOIN LATERAL (VALUES
        (ROW(n."category_id", n."seller_id", n."status", n."review_count", n."rating_sum", 1, l."liveness")::"listing_change"),
        (ROW(o."category_id", o."seller_id", o."status", o."review_count", o."rating_sum", -1, l."liveness")::"listing_change")
      ) AS v("change")
      WHERE l."liveness" OR (o."review_count", o."rating_sum") IS DISTINCT FROM (n."review_count", n."rating_sum")));
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "products_catalogue_figures_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "new_listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "products_keep_catalogue_figures"();--> statement-breakpoint
CREATE TRIGGER "products_catalogue_figures_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS "old_listings" NEW TABLE AS "new_listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "products_keep_catalogue_figures"();--> statement-breakpoint
CREATE TRIGGER "products_catalogue_figures_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS "old_listings"
  FOR EACH STATEMENT EXECUTE FUNCTION "products_keep_catalogue_figures"();--> statement-breakpoint
-- A seller suspended or reinstated: their active listings leave or rejoin the counts. The count reads the
-- listings as committed; a listing change in flight holds this row for share, so this waits for it.
CREATE FUNCTION "users_keep_catalogue_figures"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF (OLD."status" = 'suspended') IS DISTINCT FROM (NEW."status" = 'suspended') THEN
    INSERT INTO "live_listing_counts" ("category_id", "live_count")
    SELECT p."category_id", (CASE WHEN NEW."status" = 'suspended' THEN -1 ELSE 1 END) * count(*)::int
    FROM "products" p WHERE p."seller_id" = NEW."id" AND p."status" = 'active'
    GROUP BY p."category_id" ORDER BY p."category_id"
    ON CONFLICT ("category_id") DO UPDATE SET "live_count" = "live_listing_counts"."live_count" + excluded."live_count";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_catalogue_figures" AFTER UPDATE OF "status" ON "users"
  FOR EACH ROW EXECUTE FUNCTION "users_keep_catalogue_figures"();
