-- Issue 33 (decision 048): a message may carry an HTML part beside its text (the margin-call
-- e-mail); null sends text only, as every message did before.
ALTER TABLE "mail_outbox" ADD COLUMN "html" text;
