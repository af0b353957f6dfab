CREATE TABLE "company_payment_settings" (
	"company_uid" text PRIMARY KEY NOT NULL,
	"provider" text,
	"public_key" text,
	"secret_key_encrypted" text,
	"webhook_secret_encrypted" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"transfer_channel" text,
	"transfer_number" text,
	"transfer_holder" text,
	"transfer_qr_image_uid" text,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"uid" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_uid" uuid NOT NULL,
	"company_uid" text NOT NULL,
	"method" text NOT NULL,
	"provider" text,
	"status" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"reference" text,
	"card_brand" text,
	"last4" text,
	"refunded_cents" integer DEFAULT 0 NOT NULL,
	"refund_reference" text,
	"token" text,
	"installments" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"action" jsonb,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_orderUid_unique" UNIQUE("order_uid"),
	CONSTRAINT "payments_refunded_check" CHECK ("payments"."refunded_cents" >= 0 and "payments"."refunded_cents" <= "payments"."amount_cents")
);
--> statement-breakpoint
ALTER TABLE "company_payment_settings" ADD CONSTRAINT "company_payment_settings_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_payment_settings" ADD CONSTRAINT "company_payment_settings_transfer_qr_image_uid_images_uid_fk" FOREIGN KEY ("transfer_qr_image_uid") REFERENCES "public"."images"("uid") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_uid_orders_uid_fk" FOREIGN KEY ("order_uid") REFERENCES "public"."orders"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_company_uid_companies_uid_fk" FOREIGN KEY ("company_uid") REFERENCES "public"."companies"("uid") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_status_updated_at_index" ON "payments" USING btree ("status","updated_at");