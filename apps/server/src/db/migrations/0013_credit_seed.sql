-- The two credit products of issue 16 (admins edit them in the console) and the maker-checker
-- threshold: approvals of loans above ₹2,00,000 need a second operations officer.
INSERT INTO "credit_products" ("id", "name", "kind", "repayment", "annual_rate_bps", "tenure_months", "min_amount_paise", "max_amount_paise", "ltv_bps", "margin_call_ltv_bps", "sell_off_ltv_bps", "processing_fee_bps", "active", "created_at", "updated_at")
VALUES
  ('c2ed1700-0000-4000-8000-000000000001', 'Loan against shares', 'loan_against_shares', 'interest_only', 1050, '{3,6,12}', 2500000, 1000000000, 5000, 6000, 7000, 50, true, now(), now()),
  ('c2ed1700-0000-4000-8000-000000000002', 'Personal loan', 'personal', 'emi', 1400, '{6,12,18,24,36}', 1000000, 50000000, NULL, NULL, NULL, 150, true, now(), now())
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "credit_config" ("key", "value", "updated_at")
VALUES ('approval_threshold_paise', '20000000'::jsonb, now())
ON CONFLICT ("key") DO NOTHING;
