CREATE TABLE "fills" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"quantity" bigint NOT NULL,
	"price_paise" bigint NOT NULL,
	"value_paise" bigint NOT NULL,
	"charges" jsonb NOT NULL,
	"charges_paise" bigint NOT NULL,
	"cost_removed_paise" bigint DEFAULT 0 NOT NULL,
	"realised_paise" bigint DEFAULT 0 NOT NULL,
	"contract_note_no" text NOT NULL,
	"posting_id" bigint NOT NULL,
	"executed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "fills_contract_note_no_unique" UNIQUE("contract_note_no")
);
--> statement-breakpoint
CREATE TABLE "holdings" (
	"client_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"quantity" bigint DEFAULT 0 NOT NULL,
	"reserved" bigint DEFAULT 0 NOT NULL,
	"cost_paise" bigint DEFAULT 0 NOT NULL,
	"realised_paise" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "holdings_client_id_symbol_pk" PRIMARY KEY("client_id","symbol"),
	CONSTRAINT "holdings_quantity" CHECK ("holdings"."quantity" >= 0 and "holdings"."reserved" between 0 and "holdings"."quantity"),
	CONSTRAINT "holdings_cost" CHECK ("holdings"."cost_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "institutional_allocations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"price_paise" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"allocated" bigint DEFAULT 0 NOT NULL,
	"opens_at" timestamp with time zone NOT NULL,
	"closes_at" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"note" text,
	"created_by_staff_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "institutional_allocations_within" CHECK ("institutional_allocations"."allocated" between 0 and "institutional_allocations"."quantity")
);
--> statement-breakpoint
CREATE TABLE "ipo_issues" (
	"id" uuid PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL,
	"sector" text,
	"industry" text,
	"isin" text,
	"description" text,
	"price_low_paise" bigint NOT NULL,
	"price_high_paise" bigint NOT NULL,
	"lot_size" integer NOT NULL,
	"shares_offered" bigint NOT NULL,
	"open_date" date NOT NULL,
	"close_date" date NOT NULL,
	"listing_date" date NOT NULL,
	"closed_at" timestamp with time zone,
	"withdrawn_at" timestamp with time zone,
	"issue_price_paise" bigint,
	"allotment_seed" text,
	"allotment" jsonb,
	"allotted_at" timestamp with time zone,
	"listed_at" timestamp with time zone,
	"created_by_staff_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ipo_issues_symbol_unique" UNIQUE("symbol")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"type" text NOT NULL,
	"side" text NOT NULL,
	"symbol" text NOT NULL,
	"quantity" bigint NOT NULL,
	"filled_quantity" bigint DEFAULT 0 NOT NULL,
	"price_paise" bigint,
	"filled_value_paise" bigint DEFAULT 0 NOT NULL,
	"charges_paise" bigint DEFAULT 0 NOT NULL,
	"hold_paise" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'awaiting' NOT NULL,
	"offering_id" uuid,
	"lots" integer,
	"lot_size" integer,
	"reason" text,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_hold_not_negative" CHECK ("orders"."hold_paise" >= 0),
	CONSTRAINT "orders_filled_within" CHECK ("orders"."filled_quantity" between 0 and "orders"."quantity")
);
--> statement-breakpoint
CREATE TABLE "otc_quotes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"price_paise" bigint NOT NULL,
	"reference_price_paise" bigint NOT NULL,
	"quantity" bigint NOT NULL,
	"taken" bigint DEFAULT 0 NOT NULL,
	"valid_until" timestamp with time zone NOT NULL,
	"closed_at" timestamp with time zone,
	"note" text,
	"created_by_staff_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "otc_quotes_within" CHECK ("otc_quotes"."taken" between 0 and "otc_quotes"."quantity")
);
--> statement-breakpoint
CREATE TABLE "trading_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fills" ADD CONSTRAINT "fills_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "institutional_allocations" ADD CONSTRAINT "institutional_allocations_created_by_staff_id_staff_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ipo_issues" ADD CONSTRAINT "ipo_issues_created_by_staff_id_staff_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "otc_quotes" ADD CONSTRAINT "otc_quotes_created_by_staff_id_staff_id_fk" FOREIGN KEY ("created_by_staff_id") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "fills_order" ON "fills" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "fills_client" ON "fills" USING btree ("client_id","executed_at");--> statement-breakpoint
CREATE INDEX "orders_client" ON "orders" USING btree ("client_id","created_at","id");--> statement-breakpoint
CREATE INDEX "orders_awaiting" ON "orders" USING btree ("type","status","created_at");--> statement-breakpoint
CREATE INDEX "orders_offering" ON "orders" USING btree ("offering_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_ipo_application" ON "orders" USING btree ("client_id","offering_id") WHERE "orders"."type" = 'ipo' and "orders"."status" = 'awaiting';