CREATE TABLE "client_dividends" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"action_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"quantity" bigint NOT NULL,
	"per_share_paise" bigint NOT NULL,
	"gross_paise" bigint NOT NULL,
	"tds_paise" bigint NOT NULL,
	"net_paise" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"financial_year" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "corporate_actions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"ratio_new" integer,
	"ratio_old" integer,
	"per_share_paise" bigint,
	"new_symbol" text,
	"new_name" text,
	"ex_date" date NOT NULL,
	"record_date" date,
	"payment_date" date,
	"purpose" text NOT NULL,
	"source" text NOT NULL,
	"status" text DEFAULT 'entered' NOT NULL,
	"applied_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "client_dividends" ADD CONSTRAINT "client_dividends_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_dividends" ADD CONSTRAINT "client_dividends_action_id_corporate_actions_id_fk" FOREIGN KEY ("action_id") REFERENCES "public"."corporate_actions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "client_dividends_once" ON "client_dividends" USING btree ("client_id","action_id");--> statement-breakpoint
CREATE UNIQUE INDEX "corporate_actions_natural" ON "corporate_actions" USING btree ("symbol","kind","ex_date");