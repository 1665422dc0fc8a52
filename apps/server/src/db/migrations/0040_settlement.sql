CREATE TABLE "settlement_preferences" (
	"client_id" uuid PRIMARY KEY NOT NULL,
	"cycle" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "settlement_preferences_cycle" CHECK ("settlement_preferences"."cycle" in ('quarterly','monthly'))
);
--> statement-breakpoint
CREATE TABLE "settlement_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"settlement_date" date NOT NULL,
	"status" text DEFAULT 'prepared' NOT NULL,
	"prepared_by" uuid NOT NULL,
	"prepared_at" timestamp with time zone NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"paid_at" timestamp with time zone,
	CONSTRAINT "settlement_batches_status" CHECK ("settlement_batches"."status" in ('prepared','approved','paid','rejected'))
);
--> statement-breakpoint
CREATE TABLE "settlement_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"batch_id" uuid NOT NULL,
	"client_id" uuid NOT NULL,
	"cycle" text NOT NULL,
	"cash_available" bigint NOT NULL,
	"cash_on_hold" bigint NOT NULL,
	"retained" jsonb NOT NULL,
	"payout" bigint NOT NULL,
	"paid" bigint,
	"status" text DEFAULT 'pending' NOT NULL,
	"bank_card_id" uuid,
	"withdrawal_id" uuid,
	"settled_at" timestamp with time zone,
	CONSTRAINT "settlement_lines_payout" CHECK ("settlement_lines"."payout" >= 0 and coalesce("settlement_lines"."paid", 0) >= 0),
	CONSTRAINT "settlement_lines_status" CHECK ("settlement_lines"."status" in ('pending','paid','nothing','no_bank_account'))
);
--> statement-breakpoint
ALTER TABLE "settlement_preferences" ADD CONSTRAINT "settlement_preferences_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD CONSTRAINT "settlement_batches_prepared_by_staff_id_fk" FOREIGN KEY ("prepared_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_batches" ADD CONSTRAINT "settlement_batches_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_batch_id_settlement_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."settlement_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_bank_card_id_bank_cards_id_fk" FOREIGN KEY ("bank_card_id") REFERENCES "public"."bank_cards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlement_lines" ADD CONSTRAINT "settlement_lines_withdrawal_id_withdrawals_id_fk" FOREIGN KEY ("withdrawal_id") REFERENCES "public"."withdrawals"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_batches_one_per_date" ON "settlement_batches" USING btree ("settlement_date") WHERE "settlement_batches"."status" <> 'rejected';--> statement-breakpoint
CREATE UNIQUE INDEX "settlement_lines_once" ON "settlement_lines" USING btree ("batch_id","client_id");--> statement-breakpoint
CREATE INDEX "settlement_lines_client" ON "settlement_lines" USING btree ("client_id");
