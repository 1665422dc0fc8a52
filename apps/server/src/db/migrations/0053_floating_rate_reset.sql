-- Issue 33 (decision 061): floating rates that reset. The firm's lending benchmark with its
-- history (a new rate takes effect from an IST day, today or later; the rows are never edited),
-- a floating product's spread over it and its reset period, what a loan copied of them at
-- application, its next reset day and the borrower's choice at a reset (keep the EMI and move
-- the tenure, or keep the tenure and move the EMI). One row per loan and reset day makes a
-- reset happen once, however many accrual runs meet. Fixed-rate loans and products keep their
-- defaults and never move.
CREATE TABLE "credit_benchmark_rates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"effective_from" date NOT NULL,
	"rate_bps" integer NOT NULL,
	"set_by" uuid NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "credit_benchmark_rates_rate" CHECK ("credit_benchmark_rates"."rate_bps" between 0 and 6000)
);
--> statement-breakpoint
ALTER TABLE "credit_benchmark_rates" ADD CONSTRAINT "credit_benchmark_rates_set_by_staff_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."staff"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "credit_benchmark_rates_day" ON "credit_benchmark_rates" USING btree ("effective_from","created_at");
--> statement-breakpoint
ALTER TABLE "credit_products" ADD COLUMN "spread_bps" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "credit_products" ADD COLUMN "reset_months" integer DEFAULT 3 NOT NULL;
--> statement-breakpoint
ALTER TABLE "credit_products" ADD CONSTRAINT "credit_products_floating" CHECK ("credit_products"."spread_bps" between 0 and 6000 and "credit_products"."reset_months" between 1 and 12);
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "rate_type" text DEFAULT 'fixed' NOT NULL;
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "spread_bps" integer;
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "reset_months" integer;
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "next_reset_date" date;
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "reset_preference" text DEFAULT 'tenure' NOT NULL;
--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_floating" CHECK ("loans"."rate_type" = 'fixed' or ("loans"."rate_type" = 'floating' and "loans"."spread_bps" is not null and "loans"."reset_months" between 1 and 12));
--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_reset_preference" CHECK ("loans"."reset_preference" in ('tenure', 'emi'));
--> statement-breakpoint
CREATE TABLE "loan_rate_resets" (
	"loan_id" uuid NOT NULL,
	"reset_date" date NOT NULL,
	"benchmark_bps" integer NOT NULL,
	"spread_bps" integer NOT NULL,
	"old_rate_bps" integer NOT NULL,
	"new_rate_bps" integer NOT NULL,
	"preference" text NOT NULL,
	"old_emi_paise" bigint NOT NULL,
	"new_emi_paise" bigint NOT NULL,
	"old_instalments" integer NOT NULL,
	"new_instalments" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "loan_rate_resets_loan_id_reset_date_pk" PRIMARY KEY("loan_id","reset_date")
);
--> statement-breakpoint
ALTER TABLE "loan_rate_resets" ADD CONSTRAINT "loan_rate_resets_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
-- A rate reset is told to the client as a notice with its figures (old → new rate, EMI, tenure).
ALTER TABLE "client_notifications" DROP CONSTRAINT "client_notifications_kind";
--> statement-breakpoint
ALTER TABLE "client_notifications" ADD CONSTRAINT "client_notifications_kind" CHECK (kind in ('deposit.confirm', 'deposit.reject', 'withdrawal.pay', 'withdrawal.reject', 'order.fill', 'order.fill_partially', 'order.reject', 'order.expire', 'gtt.trigger', 'gtt.expire', 'loan.approve', 'loan.reject', 'loan.disburse', 'loan.close', 'loan.foreclose', 'loan.due_reminder', 'loan.auto_debit_failed', 'loan.penal_charge', 'loan.margin_call', 'loan.invoke_pledge', 'loan.rate_reset', 'compensation.ask_info', 'compensation.approve', 'compensation.partly_approve', 'compensation.reject', 'compensation.pay', 'kyc.approve', 'kyc.reject', 'support.reply', 'offer.claim', 'transfer_in.confirm', 'transfer_in.reject'));
