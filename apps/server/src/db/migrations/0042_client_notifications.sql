CREATE TABLE "client_notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_type" text NOT NULL,
	"subject_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	CONSTRAINT "client_notifications_kind" CHECK (kind in ('deposit.confirm', 'deposit.reject', 'withdrawal.pay', 'withdrawal.reject', 'order.fill', 'order.fill_partially', 'order.reject', 'order.expire', 'gtt.trigger', 'gtt.expire', 'loan.approve', 'loan.reject', 'loan.disburse', 'loan.close', 'loan.foreclose', 'loan.due_reminder', 'loan.auto_debit_failed', 'loan.penal_charge', 'loan.margin_call', 'loan.invoke_pledge', 'compensation.ask_info', 'compensation.approve', 'compensation.partly_approve', 'compensation.reject', 'compensation.pay', 'kyc.approve', 'kyc.reject'))
);
--> statement-breakpoint
ALTER TABLE "client_notifications" ADD CONSTRAINT "client_notifications_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "client_notifications_client" ON "client_notifications" USING btree ("client_id","created_at");
