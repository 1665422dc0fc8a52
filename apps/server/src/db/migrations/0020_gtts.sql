CREATE TABLE "gtts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"symbol" text NOT NULL,
	"side" text NOT NULL,
	"quantity" bigint NOT NULL,
	"trigger_paise" bigint NOT NULL,
	"limit_paise" bigint NOT NULL,
	"stop_trigger_paise" bigint,
	"stop_limit_paise" bigint,
	"reference_paise" bigint NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"fired_leg" text,
	"triggered_at" timestamp with time zone,
	"order_id" uuid,
	"reason" text,
	"revision" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "gtts_quantity" CHECK ("gtts"."quantity" > 0),
	CONSTRAINT "gtts_oco_legs" CHECK ("gtts"."kind" <> 'oco' or ("gtts"."stop_trigger_paise" is not null and "gtts"."stop_limit_paise" is not null))
);
--> statement-breakpoint
ALTER TABLE "gtts" ADD CONSTRAINT "gtts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gtts" ADD CONSTRAINT "gtts_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gtts_client" ON "gtts" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "gtts_active" ON "gtts" USING btree ("symbol") WHERE "gtts"."status" = 'active';