CREATE TABLE "holding_adjustments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"action_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"kind" text NOT NULL,
	"ratio_new" integer NOT NULL,
	"ratio_old" integer NOT NULL,
	"new_symbol" text,
	"effective_at" timestamp with time zone NOT NULL,
	"allotted_at" timestamp with time zone,
	"quantity_before" bigint NOT NULL,
	"quantity_after" bigint NOT NULL,
	"pledged_before" bigint NOT NULL,
	"pledged_after" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "holding_adjustments" ADD CONSTRAINT "holding_adjustments_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "holding_adjustments_once" ON "holding_adjustments" USING btree ("action_id","client_id");--> statement-breakpoint
CREATE INDEX "holding_adjustments_client" ON "holding_adjustments" USING btree ("client_id","effective_at");--> statement-breakpoint
ALTER TABLE "corporate_actions" ADD COLUMN "proposed_by" uuid;--> statement-breakpoint
ALTER TABLE "corporate_actions" ADD COLUMN "decided_by" uuid;--> statement-breakpoint
ALTER TABLE "corporate_actions" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "corporate_actions" ADD COLUMN "reject_reason" text;
