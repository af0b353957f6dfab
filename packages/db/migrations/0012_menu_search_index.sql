-- pg_trgm and btree_gin are trusted extensions (PostgreSQL 13+, any managed PostgreSQL) and PGlite contrib
-- modules (packages/db/src/client.ts loads them); decision record 005.
CREATE EXTENSION IF NOT EXISTS "pg_trgm";--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS "btree_gin";--> statement-breakpoint
CREATE INDEX "place_products_menu_search_index" ON "place_products" USING gin ("place_uid","search_text" gin_trgm_ops) WHERE "place_products"."is_available" and "place_products"."is_active";