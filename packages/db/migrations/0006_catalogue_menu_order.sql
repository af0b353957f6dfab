DROP INDEX "products_company_uid_title_uid_index";--> statement-breakpoint
CREATE INDEX "products_menu_order_index" ON "products" USING btree ("company_uid","search_text" collate "C","uid");