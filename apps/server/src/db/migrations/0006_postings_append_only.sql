-- Ledger postings and their lines are evidence, like the audit log: the database refuses to
-- change or remove them. A correction is a new posting.
CREATE OR REPLACE FUNCTION ledger_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% is append-only (% refused)', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_update BEFORE UPDATE OR DELETE ON ledger_postings
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON ledger_postings
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_lines_no_update BEFORE UPDATE OR DELETE ON ledger_lines
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
CREATE TRIGGER ledger_lines_no_truncate BEFORE TRUNCATE ON ledger_lines
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
--> statement-breakpoint
-- Checked at commit, when every line of the transaction is in: each posting has two lines or
-- more and they sum to zero. The service checks first; this holds even for a hand-written INSERT.
CREATE OR REPLACE FUNCTION ledger_posting_must_balance() RETURNS trigger AS $$
DECLARE
  target bigint;
  total numeric;
  line_count integer;
BEGIN
  -- Each branch is planned only when it runs: NEW has posting_id only on ledger_lines.
  IF TG_TABLE_NAME = 'ledger_postings' THEN
    target := NEW.id;
  ELSE
    target := NEW.posting_id;
  END IF;
  SELECT coalesce(sum(amount), 0), count(*) INTO total, line_count
    FROM ledger_lines WHERE posting_id = target;
  IF total <> 0 OR line_count < 2 THEN
    RAISE EXCEPTION 'ledger posting % does not balance: % paise over % lines', target, total, line_count
      USING ERRCODE = 'check_violation';
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_postings_balanced AFTER INSERT ON ledger_postings
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_posting_must_balance();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER ledger_lines_balanced AFTER INSERT ON ledger_lines
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION ledger_posting_must_balance();
