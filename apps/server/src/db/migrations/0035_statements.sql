CREATE TABLE "statement_deliveries" (
	"period" text NOT NULL,
	"client_id" uuid NOT NULL,
	"mail_id" uuid,
	"skipped_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "statement_deliveries_period_client_id_pk" PRIMARY KEY("period","client_id")
);
--> statement-breakpoint
ALTER TABLE "statement_deliveries" ADD CONSTRAINT "statement_deliveries_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "statement_deliveries" ADD CONSTRAINT "statement_deliveries_mail_id_mail_outbox_id_fk" FOREIGN KEY ("mail_id") REFERENCES "public"."mail_outbox"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "statement_deliveries_mail" ON "statement_deliveries" USING btree ("mail_id");
