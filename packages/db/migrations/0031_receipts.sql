CREATE TABLE "company_e_invoicing" (
	"company_uid" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"environment" text DEFAULT 'BETA' NOT NULL,
	"ruc" text,
	"legal_name" text,
	"trade_name" text,
	"address" jsonb,
	"igv_percent" numeric(5, 2) DEFAULT '18.00' NOT NULL,
	"sol_user" text,
	"sol_password_encrypted" text,
	"certificate_encrypted" text,
	"certificate_password_encrypted" text,
	"certificate_subject" text,
	"certificate_not_after" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "place_receipt_series" (
	"place_uid" text PRIMARY KEY NOT NULL,
	"company_uid" text NOT NULL,
	"establishment_code" text NOT NULL,
	"boleta_series" text NOT NULL,
	"factura_series" text NOT NULL,
	"boleta_note_series" text NOT NULL,
	"factura_note_series" text NOT NULL,
	CONSTRAINT "place_receipt_series_companyUid_boletaSeries_unique" UNIQUE("company_uid","boleta_series"),
	CONSTRAINT "place_receipt_series_companyUid_facturaSeries_unique" UNIQUE("company_uid","factura_series"),
	CONSTRAINT "place_receipt_series_companyUid_boletaNoteSeries_unique" UNIQUE("company_uid","boleta_note_series"),
	CONSTRAINT "place_receipt_series_companyUid_facturaNoteSeries_unique" UNIQUE("company_uid","factura_note_series")
);
--> statement-breakpoint
CREATE TABLE "receipt_counters" (
	"company_uid" text NOT NULL,
	"series" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "receipt_counters_company_uid_series_pk" PRIMARY KEY("company_uid","series")
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"app_uid" text NOT NULL,
	"company_uid" text NOT NULL,
	"place_uid" text NOT NULL,
	"order_uid" uuid,
	"type" text NOT NULL,
	"series" text NOT NULL,
	"number" integer NOT NULL,
	"refers_to_uid" uuid,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"currency" text DEFAULT 'PEN' NOT NULL,
	"value_cents" integer NOT NULL,
	"igv_cents" integer NOT NULL,
	"total_cents" integer NOT NULL,
	"hash" text NOT NULL,
	"xml" text NOT NULL,
	"cdr" "bytea",
	"sunat_code" text,
	"sunat_message" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_companyUid_series_number_unique" UNIQUE("company_uid","series","number")
);
--> statement-breakpoint
ALTER TABLE "company_e_invoicing" ADD CONSTRAINT "company_e_invoicing_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_receipt_series" ADD CONSTRAINT "place_receipt_series_place_uid_places_uid_fk" FOREIGN KEY ("place_uid") REFERENCES "public"."places"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "place_receipt_series" ADD CONSTRAINT "place_receipt_series_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipt_counters" ADD CONSTRAINT "receipt_counters_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_app_uid_apps_uid_fk" FOREIGN KEY ("app_uid") REFERENCES "public"."apps"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_place_uid_places_uid_fk" FOREIGN KEY ("place_uid") REFERENCES "public"."places"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_order_uid_orders_uid_fk" FOREIGN KEY ("order_uid") REFERENCES "public"."orders"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_refers_to_uid_receipts_uid_fk" FOREIGN KEY ("refers_to_uid") REFERENCES "public"."receipts"("uid") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "receipts_company_uid_issued_at_index" ON "receipts" USING btree ("company_uid","issued_at");--> statement-breakpoint
CREATE INDEX "receipts_order_uid_index" ON "receipts" USING btree ("order_uid");--> statement-breakpoint
CREATE INDEX "receipts_status_next_attempt_at_index" ON "receipts" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE FUNCTION "receipts_never_deleted"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'A recorded receipt is never deleted'; END $$;--> statement-breakpoint
CREATE TRIGGER "receipts_never_deleted" BEFORE DELETE ON "receipts" FOR EACH ROW EXECUTE FUNCTION "receipts_never_deleted"();
