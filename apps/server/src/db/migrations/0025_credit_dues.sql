CREATE TABLE "loan_instalments" (
	"loan_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"principal_paise" bigint NOT NULL,
	"interest_estimate_paise" bigint NOT NULL,
	"interest_accrued_paise" bigint DEFAULT 0 NOT NULL,
	"reminded_at" timestamp with time zone,
	CONSTRAINT "loan_instalments_loan_id_number_pk" PRIMARY KEY("loan_id","number")
);
--> statement-breakpoint
ALTER TABLE "credit_products" ADD COLUMN "penal_kind" text DEFAULT 'rate' NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_products" ADD COLUMN "penal_rate_bps" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_products" ADD COLUMN "penal_flat_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "penal_carry" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "prepaid_principal_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loan_instalments" ADD CONSTRAINT "loan_instalments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_products" ADD CONSTRAINT "credit_products_penal_kind" CHECK ("penal_kind" in ('rate', 'flat'));--> statement-breakpoint
-- The seeded products' penal charges: the personal loan 24% a year on overdue principal, the
-- loan against shares (interest only, principal at the end) ₹500 per instalment overdue.
UPDATE "credit_products" SET "penal_kind" = 'rate', "penal_rate_bps" = 2400 WHERE "id" = 'c2ed1700-0000-4000-8000-000000000002';--> statement-breakpoint
UPDATE "credit_products" SET "penal_kind" = 'flat', "penal_flat_paise" = 50000 WHERE "id" = 'c2ed1700-0000-4000-8000-000000000001';
