-- Issue 17: the compensation settings admins edit in the console — a claim may ask for at most
-- ₹10,00,000, and approvals above ₹50,000 need a second operations officer.
INSERT INTO "compensation_config" ("key", "value", "updated_at")
VALUES
  ('max_claim_paise', '100000000'::jsonb, now()),
  ('approval_threshold_paise', '5000000'::jsonb, now())
ON CONFLICT ("key") DO NOTHING;
