CREATE TABLE "company_videos" (
	"symbol" text PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"uploaded_by" uuid NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_alerts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"direction" text NOT NULL,
	"price_paise" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"triggered_at" timestamp with time zone,
	"triggered_price_paise" bigint,
	"cancelled_at" timestamp with time zone,
	"read_at" timestamp with time zone,
	CONSTRAINT "price_alerts_direction" CHECK ("price_alerts"."direction" in ('above', 'below')),
	CONSTRAINT "price_alerts_status" CHECK ("price_alerts"."status" in ('active', 'triggered', 'cancelled')),
	CONSTRAINT "price_alerts_price" CHECK ("price_alerts"."price_paise" > 0),
	CONSTRAINT "price_alerts_fired" CHECK (("price_alerts"."status" = 'triggered') = ("price_alerts"."triggered_at" is not null and "price_alerts"."triggered_price_paise" is not null))
);
--> statement-breakpoint
ALTER TABLE "company_videos" ADD CONSTRAINT "company_videos_symbol_instruments_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."instruments"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_videos" ADD CONSTRAINT "company_videos_uploaded_by_staff_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_alerts" ADD CONSTRAINT "price_alerts_symbol_instruments_symbol_fk" FOREIGN KEY ("symbol") REFERENCES "public"."instruments"("symbol") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_alerts_active_symbol" ON "price_alerts" USING btree ("symbol") WHERE "price_alerts"."status" = 'active';--> statement-breakpoint
CREATE INDEX "price_alerts_client" ON "price_alerts" USING btree ("client_id","created_at");