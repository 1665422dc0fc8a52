CREATE TABLE "credit_config" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"repayment" text NOT NULL,
	"annual_rate_bps" integer NOT NULL,
	"tenure_months" integer[] NOT NULL,
	"min_amount_paise" bigint NOT NULL,
	"max_amount_paise" bigint NOT NULL,
	"ltv_bps" integer,
	"margin_call_ltv_bps" integer,
	"sell_off_ltv_bps" integer,
	"processing_fee_bps" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_products_limits" CHECK ("credit_products"."min_amount_paise" between 1 and "credit_products"."max_amount_paise"),
	CONSTRAINT "credit_products_ltv" CHECK ("credit_products"."ltv_bps" is null or "credit_products"."ltv_bps" between 1 and 5000)
);
--> statement-breakpoint
CREATE TABLE "loan_accruals" (
	"loan_id" uuid NOT NULL,
	"day" date NOT NULL,
	"principal_paise" bigint NOT NULL,
	"interest_paise" bigint NOT NULL,
	"posting_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_accruals_loan_id_day_pk" PRIMARY KEY("loan_id","day")
);
--> statement-breakpoint
CREATE TABLE "loan_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"detail" jsonb,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
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
CREATE TABLE "loan_pledges" (
	"loan_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"quantity" bigint NOT NULL,
	"invoked_quantity" bigint DEFAULT 0 NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "loan_pledges_loan_id_symbol_pk" PRIMARY KEY("loan_id","symbol"),
	CONSTRAINT "loan_pledges_quantity" CHECK ("loan_pledges"."invoked_quantity" between 0 and "loan_pledges"."quantity")
);
--> statement-breakpoint
CREATE TABLE "loan_repayments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"amount_paise" bigint NOT NULL,
	"fees_paise" bigint NOT NULL,
	"interest_paise" bigint NOT NULL,
	"principal_paise" bigint NOT NULL,
	"source" text NOT NULL,
	"posting_id" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY NOT NULL,
	"client_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"status" text DEFAULT 'applied' NOT NULL,
	"repayment" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"tenure_months" integer NOT NULL,
	"annual_rate_bps" integer NOT NULL,
	"processing_fee_paise" bigint NOT NULL,
	"fee_gst_paise" bigint NOT NULL,
	"approvals_required" integer NOT NULL,
	"first_approved_by" uuid,
	"first_approved_at" timestamp with time zone,
	"second_approved_by" uuid,
	"second_approved_at" timestamp with time zone,
	"decided_by" uuid,
	"reason" text,
	"outstanding_principal_paise" bigint DEFAULT 0 NOT NULL,
	"accrued_interest_paise" bigint DEFAULT 0 NOT NULL,
	"fees_due_paise" bigint DEFAULT 0 NOT NULL,
	"paid_principal_paise" bigint DEFAULT 0 NOT NULL,
	"paid_interest_paise" bigint DEFAULT 0 NOT NULL,
	"paid_fees_paise" bigint DEFAULT 0 NOT NULL,
	"accrual_carry" bigint DEFAULT 0 NOT NULL,
	"start_date" date,
	"accrued_through" date,
	"margin_state" text,
	"ltv_bps" integer,
	"disbursal_posting_id" bigint,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"disbursed_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	CONSTRAINT "loans_balances" CHECK ("loans"."outstanding_principal_paise" >= 0 and "loans"."accrued_interest_paise" >= 0 and "loans"."fees_due_paise" >= 0),
	CONSTRAINT "loans_two_officers" CHECK ("loans"."second_approved_by" is null or "loans"."second_approved_by" <> "loans"."first_approved_by")
);
--> statement-breakpoint
ALTER TABLE "holdings" ADD COLUMN "pledged" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "origin" text;--> statement-breakpoint
ALTER TABLE "loan_accruals" ADD CONSTRAINT "loan_accruals_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_events" ADD CONSTRAINT "loan_events_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_pledge_sales" ADD CONSTRAINT "loan_pledge_sales_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_pledges" ADD CONSTRAINT "loan_pledges_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_product_id_credit_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."credit_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_first_approved_by_staff_id_fk" FOREIGN KEY ("first_approved_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_second_approved_by_staff_id_fk" FOREIGN KEY ("second_approved_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_events_loan" ON "loan_events" USING btree ("loan_id","id");--> statement-breakpoint
CREATE INDEX "loan_pledge_sales_open" ON "loan_pledge_sales" USING btree ("loan_id","settled_at");--> statement-breakpoint
CREATE INDEX "loan_repayments_loan" ON "loan_repayments" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE INDEX "loans_client" ON "loans" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "loans_status" ON "loans" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_one_open_per_product" ON "loans" USING btree ("client_id","product_id") WHERE "loans"."status" in ('applied', 'approved', 'disbursed');--> statement-breakpoint
ALTER TABLE "holdings" ADD CONSTRAINT "holdings_pledged" CHECK ("holdings"."pledged" >= 0 and "holdings"."reserved" + "holdings"."pledged" <= "holdings"."quantity");