-- Issue 33 (decision 037): the key fact statement a client accepts before applying, the
-- product's cooling-off period, and the closure papers' references on the loan.
CREATE TABLE "loan_key_facts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"statement" jsonb NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"valid_until" date NOT NULL,
	"accepted_at" timestamp with time zone,
	"loan_id" uuid
);
--> statement-breakpoint
ALTER TABLE "loan_key_facts" ADD CONSTRAINT "loan_key_facts_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_key_facts" ADD CONSTRAINT "loan_key_facts_product_id_credit_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."credit_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_key_facts" ADD CONSTRAINT "loan_key_facts_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_key_facts_loan" ON "loan_key_facts" USING btree ("loan_id") WHERE "loan_key_facts"."loan_id" is not null;--> statement-breakpoint
CREATE INDEX "loan_key_facts_client" ON "loan_key_facts" USING btree ("client_id","issued_at");--> statement-breakpoint
ALTER TABLE "credit_products" ADD COLUMN "cooling_off_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_products" ADD CONSTRAINT "credit_products_cooling_off" CHECK ("cooling_off_days" between 0 and 30);--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "kfs_id" uuid;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "closed_by" text;
