CREATE TABLE "loan_pledge_sales" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"quantity" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone,
	"applied_paise" bigint
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "loan_pledge_sales" ADD CONSTRAINT "loan_pledge_sales_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_pledge_sales_open" ON "loan_pledge_sales" USING btree ("loan_id","settled_at");