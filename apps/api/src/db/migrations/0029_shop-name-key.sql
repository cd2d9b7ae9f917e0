ALTER TABLE "users" ADD COLUMN "shop_name_key" text;--> statement-breakpoint
-- Each seller's company (shop) name as it reads: nameComparisonKey of packages/domain/src/visible-names.ts
-- in SQL (compatibility forms folded by NFKC, default-ignorable and format characters dropped, each run of
-- spaces and control characters one space, trimmed, lower case). Where shops already read alike, the oldest
-- keeps the key and the others stay as they are without one: they are asked for another name only when
-- they change theirs (docs/product/shops.md), and the unique index below can be built.
UPDATE "users" SET "shop_name_key" = "keyed"."key"
FROM (
	SELECT "id", "key", row_number() OVER (PARTITION BY "key" ORDER BY "created_at", "id") AS "rank"
	FROM (
		SELECT "id", "created_at", normalize(lower(btrim(regexp_replace(
			regexp_replace(normalize("company_name", NFKC), '[\u00AD\u034F\u0600-\u0605\u061C\u06DD\u070F\u0890-\u0891\u08E2\u115F-\u1160\u17B4-\u17B5\u180B-\u180F\u200B-\u200F\u202A-\u202E\u2060-\u206F\u3164\uFE00-\uFE0F\uFEFF\uFFA0\uFFF0-\uFFFB\U000110BD\U000110CD\U00013430-\U0001343F\U0001BCA0-\U0001BCA3\U0001D173-\U0001D17A\U000E0000-\U000E0FFF]', '', 'g'),
			'[[:space:][:cntrl:]\u0080-\u009F\u1680\u2028\u2029\u2800]+', ' ', 'g'))), NFKC) AS "key"
		FROM "users"
		WHERE "role" = 'seller' AND "company_name" IS NOT NULL
	) AS "named"
	WHERE "key" <> ''
) AS "keyed"
WHERE "users"."id" = "keyed"."id" AND "keyed"."rank" = 1;--> statement-breakpoint
CREATE UNIQUE INDEX "users_shop_name_key_unique" ON "users" USING btree ("shop_name_key");
