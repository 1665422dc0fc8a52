-- Issue 34 (decision 060): shares transferred in from another broker. The client's upload is a
-- request (its lots as the tradebook leaves them, netted FIFO); operations confirm it against the
-- depository's credit, and the lots then reach the client's holdings as holding_adjustments rows
-- of kind transfer_in, each with its original acquisition moment and cost.
CREATE TABLE "share_transfers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"file_name" text NOT NULL,
	"trade_count" integer NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reject_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "share_transfers_status" CHECK (status in ('pending', 'confirmed', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "share_transfers" ADD CONSTRAINT "share_transfers_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "share_transfers_client" ON "share_transfers" USING btree ("client_id","created_at");
--> statement-breakpoint
CREATE INDEX "share_transfers_pending" ON "share_transfers" USING btree ("created_at") WHERE status = 'pending';
--> statement-breakpoint
CREATE TABLE "share_transfer_lots" (
	"id" uuid PRIMARY KEY NOT NULL,
	"transfer_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"symbol" text NOT NULL,
	"isin" text NOT NULL,
	"acquired_at" timestamp with time zone NOT NULL,
	"quantity" bigint NOT NULL,
	"cost_paise" bigint NOT NULL,
	CONSTRAINT "share_transfer_lots_quantity" CHECK (quantity > 0 and cost_paise >= 0)
);
--> statement-breakpoint
ALTER TABLE "share_transfer_lots" ADD CONSTRAINT "share_transfer_lots_transfer_id_fk" FOREIGN KEY ("transfer_id") REFERENCES "public"."share_transfers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "share_transfer_lots_position" ON "share_transfer_lots" USING btree ("transfer_id","position");
--> statement-breakpoint
ALTER TABLE "holding_adjustments" ADD COLUMN "cost_paise" bigint DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "client_notifications" DROP CONSTRAINT "client_notifications_kind";
--> statement-breakpoint
ALTER TABLE "client_notifications" ADD CONSTRAINT "client_notifications_kind" CHECK (kind in ('deposit.confirm', 'deposit.reject', 'withdrawal.pay', 'withdrawal.reject', 'order.fill', 'order.fill_partially', 'order.reject', 'order.expire', 'gtt.trigger', 'gtt.expire', 'loan.approve', 'loan.reject', 'loan.disburse', 'loan.close', 'loan.foreclose', 'loan.due_reminder', 'loan.auto_debit_failed', 'loan.penal_charge', 'loan.margin_call', 'loan.invoke_pledge', 'compensation.ask_info', 'compensation.approve', 'compensation.partly_approve', 'compensation.reject', 'compensation.pay', 'kyc.approve', 'kyc.reject', 'support.reply', 'offer.claim', 'transfer_in.confirm', 'transfer_in.reject'));
