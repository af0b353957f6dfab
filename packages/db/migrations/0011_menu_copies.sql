CREATE TABLE "place_menu_counts" (
	"place_uid" text NOT NULL,
	"category_uid" text,
	"is_redeemable" boolean NOT NULL,
	"products" integer NOT NULL,
	CONSTRAINT "place_menu_counts_placeUid_categoryUid_isRedeemable_unique" UNIQUE NULLS NOT DISTINCT("place_uid","category_uid","is_redeemable")
);
--> statement-breakpoint
ALTER TABLE "place_products" ADD COLUMN "category_uid" text;--> statement-breakpoint
ALTER TABLE "place_products" ADD COLUMN "is_redeemable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "place_products" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "place_products" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "place_menu_counts" ADD CONSTRAINT "place_menu_counts_place_uid_places_uid_fk" FOREIGN KEY ("place_uid") REFERENCES "public"."places"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "place_products_menu_index" ON "place_products" USING btree ("place_uid","search_text" collate "C","product_uid") WHERE "place_products"."is_available" and "place_products"."is_active";--> statement-breakpoint
CREATE INDEX "place_products_menu_category_index" ON "place_products" USING btree ("place_uid","category_uid","search_text" collate "C","product_uid") WHERE "place_products"."is_available" and "place_products"."is_active";--> statement-breakpoint
CREATE INDEX "place_products_menu_redeemable_index" ON "place_products" USING btree ("place_uid","is_redeemable","search_text" collate "C","product_uid") WHERE "place_products"."is_available" and "place_products"."is_active";--> statement-breakpoint
-- Existing offers take their products' fields, and every place its menu counts (decision record 005).
UPDATE "place_products" SET "category_uid" = p."category_uid", "is_redeemable" = p."is_redeemable", "is_active" = p."is_active", "search_text" = p."search_text" FROM "products" p WHERE p."uid" = "place_products"."product_uid";--> statement-breakpoint
INSERT INTO "place_menu_counts" ("place_uid", "category_uid", "is_redeemable", "products") SELECT "place_uid", "category_uid", "is_redeemable", count(*)::integer FROM "place_products" WHERE "is_available" AND "is_active" GROUP BY "place_uid", "category_uid", "is_redeemable";
