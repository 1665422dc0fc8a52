-- Issue 33 (decision 043): a loan against shares' margin calls, each with its deadline, and
-- what an invocation put up for sale. One open call per loan.
CREATE TABLE "loan_margin_calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"raised_at" timestamp with time zone NOT NULL,
	"deadline" date NOT NULL,
	"ltv_bps" integer NOT NULL,
	"shortfall_paise" bigint NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"ended_at" timestamp with time zone,
	"ended_ltv_bps" integer,
	"sold" jsonb
);
--> statement-breakpoint
ALTER TABLE "loan_margin_calls" ADD CONSTRAINT "loan_margin_calls_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_margin_calls_one_open" ON "loan_margin_calls" USING btree ("loan_id") WHERE "loan_margin_calls"."status" = 'open';--> statement-breakpoint
CREATE INDEX "loan_margin_calls_loan" ON "loan_margin_calls" USING btree ("loan_id","raised_at");
