-- Issue 33 (decision 055): a product's rate type and its foreclosure charge, in basis points of
-- the principal outstanding at foreclosure; a loan keeps the charge its key fact statement named.
-- Every product so far was fixed-rate with no charge, and every loan so far was told "no
-- foreclosure charge": the defaults keep both true.
ALTER TABLE "credit_products" ADD COLUMN "rate_type" text DEFAULT 'fixed' NOT NULL;
--> statement-breakpoint
ALTER TABLE "credit_products" ADD COLUMN "foreclosure_charge_bps" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "credit_products" ADD CONSTRAINT "credit_products_rate_type" CHECK ("credit_products"."rate_type" in ('fixed', 'floating'));
--> statement-breakpoint
ALTER TABLE "credit_products" ADD CONSTRAINT "credit_products_foreclosure_charge" CHECK ("credit_products"."foreclosure_charge_bps" between 0 and 500 and ("credit_products"."rate_type" = 'fixed' or "credit_products"."foreclosure_charge_bps" = 0));
--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "foreclosure_charge_bps" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_foreclosure_charge" CHECK ("loans"."foreclosure_charge_bps" between 0 and 500);
