CREATE TABLE "candles" (
	"symbol" text NOT NULL,
	"interval" text NOT NULL,
	"start" timestamp with time zone NOT NULL,
	"open" bigint NOT NULL,
	"high" bigint NOT NULL,
	"low" bigint NOT NULL,
	"close" bigint NOT NULL,
	"volume" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "candles_symbol_interval_start_pk" PRIMARY KEY("symbol","interval","start")
);
--> statement-breakpoint
CREATE TABLE "company_profiles" (
	"symbol" text PRIMARY KEY NOT NULL,
	"description" text NOT NULL,
	"founded" integer,
	"headquarters" text,
	"website" text,
	"video_url" text
);
--> statement-breakpoint
CREATE TABLE "eod_prices" (
	"trade_date" date NOT NULL,
	"symbol" text NOT NULL,
	"open" bigint NOT NULL,
	"high" bigint NOT NULL,
	"low" bigint NOT NULL,
	"close" bigint NOT NULL,
	"prev_close" bigint NOT NULL,
	"volume" bigint NOT NULL,
	"value_paise" bigint NOT NULL,
	"import_id" uuid NOT NULL,
	CONSTRAINT "eod_prices_trade_date_symbol_pk" PRIMARY KEY("trade_date","symbol")
);
--> statement-breakpoint
CREATE TABLE "index_constituents" (
	"index_symbol" text NOT NULL,
	"symbol" text NOT NULL,
	"weight" double precision NOT NULL,
	"base_price_paise" bigint NOT NULL,
	CONSTRAINT "index_constituents_index_symbol_symbol_pk" PRIMARY KEY("index_symbol","symbol")
);
--> statement-breakpoint
CREATE TABLE "instruments" (
	"symbol" text PRIMARY KEY NOT NULL,
	"market" text NOT NULL,
	"isin" text,
	"name" text NOT NULL,
	"sector" text,
	"industry" text,
	"segment" text NOT NULL,
	"fno" boolean DEFAULT false NOT NULL,
	"band_pct" integer,
	"shares_outstanding" bigint,
	"avg_daily_volume" bigint,
	"beta" double precision DEFAULT 1 NOT NULL,
	"ref_close_paise" bigint NOT NULL,
	"base_value_paise" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_imports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"file_name" text NOT NULL,
	"rows" integer NOT NULL,
	"trade_dates" text[] NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_state" (
	"symbol" text PRIMARY KEY NOT NULL,
	"trading_date" date NOT NULL,
	"last" bigint NOT NULL,
	"open" bigint,
	"high" bigint,
	"low" bigint,
	"prev_close" bigint NOT NULL,
	"volume" bigint DEFAULT 0 NOT NULL,
	"value_paise" bigint DEFAULT 0 NOT NULL,
	"tick_basis" bigint NOT NULL,
	"range_pct" integer,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "watchlist_items" (
	"client_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"position" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "watchlist_items_client_id_symbol_pk" PRIMARY KEY("client_id","symbol")
);
--> statement-breakpoint
ALTER TABLE "company_profiles" ADD CONSTRAINT "company_profiles_symbol_instruments_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."instruments"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "eod_prices" ADD CONSTRAINT "eod_prices_symbol_instruments_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."instruments"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_constituents" ADD CONSTRAINT "index_constituents_index_symbol_instruments_symbol_fk" FOREIGN KEY ("index_symbol") REFERENCES "public"."instruments"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "index_constituents" ADD CONSTRAINT "index_constituents_symbol_instruments_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."instruments"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "watchlist_items" ADD CONSTRAINT "watchlist_items_symbol_instruments_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."instruments"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "watchlist_items_client_position" ON "watchlist_items" USING btree ("client_id","position");