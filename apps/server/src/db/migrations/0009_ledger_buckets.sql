ALTER TABLE "ledger_accounts" DROP CONSTRAINT "ledger_accounts_owner_kind";--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD COLUMN "bucket" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_owner_kind_bucket" UNIQUE NULLS NOT DISTINCT("client_id","kind","bucket");--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_bucket" CHECK ("ledger_accounts"."bucket" >= 0 and ("ledger_accounts"."client_id" is null or "ledger_accounts"."bucket" = 0));--> statement-breakpoint
-- One posting in one round trip: the posting row, each line's balance move and the lines, in
-- the caller's transaction. The service has checked the lines (known accounts, non-zero, sum to
-- zero) and sorted them in its global lock order, which this applies one by one (the lines are
-- written in the caller's order, p_positions, as statements list them); the deferred
-- balanced-posting triggers (0006) still check the result at commit. A guarded debit is one
-- conditional UPDATE: when it finds no row (too little, or no account yet) the function raises
-- LDG01 with the line's 1-based position in DETAIL, and the caller's transaction rolls back
-- whole. Anything else is an upsert, which opens the account (or firm bucket) on first use.
CREATE OR REPLACE FUNCTION ledger_post(
  p_kind text,
  p_client_id uuid,
  p_memo text,
  p_reference text,
  p_idempotency_key text,
  p_created_at timestamptz,
  p_owners uuid[],
  p_kinds text[],
  p_buckets smallint[],
  p_amounts bigint[],
  p_guarded boolean[],
  p_positions integer[]
) RETURNS TABLE (out_posting_id bigint, out_account_ids bigint[], out_balances bigint[])
LANGUAGE plpgsql AS $$
DECLARE
  v_posting bigint;
  v_ids bigint[] := '{}';
  v_balances bigint[] := '{}';
  v_id bigint;
  v_balance bigint;
BEGIN
  INSERT INTO ledger_postings (kind, client_id, memo, reference, idempotency_key, created_at)
    VALUES (p_kind, p_client_id, p_memo, p_reference, p_idempotency_key, p_created_at)
    RETURNING id INTO v_posting;
  FOR i IN 1 .. cardinality(p_amounts) LOOP
    IF p_guarded[i] AND p_amounts[i] < 0 THEN
      UPDATE ledger_accounts AS a SET balance = a.balance + p_amounts[i]
        WHERE a.client_id = p_owners[i] AND a.kind = p_kinds[i] AND a.bucket = p_buckets[i]
          AND a.balance + p_amounts[i] >= 0
        RETURNING a.id, a.balance INTO v_id, v_balance;
      IF NOT FOUND THEN
        RAISE EXCEPTION 'ledger: % of % would go below zero', p_kinds[i], p_owners[i]
          USING ERRCODE = 'LDG01', DETAIL = i::text;
      END IF;
    ELSE
      INSERT INTO ledger_accounts AS a (client_id, kind, bucket, non_negative, balance)
        VALUES (p_owners[i], p_kinds[i], p_buckets[i], p_guarded[i], p_amounts[i])
        ON CONFLICT (client_id, kind, bucket) DO UPDATE SET balance = a.balance + excluded.balance
        RETURNING a.id, a.balance INTO v_id, v_balance;
    END IF;
    v_ids := v_ids || v_id;
    v_balances := v_balances || v_balance;
  END LOOP;
  INSERT INTO ledger_lines (posting_id, account_id, amount, balance_after, created_at)
    SELECT v_posting, u.account_id, u.amount, u.balance_after, p_created_at
    FROM unnest(v_ids, p_amounts, v_balances, p_positions) AS u(account_id, amount, balance_after, position)
    ORDER BY u.position;
  RETURN QUERY SELECT v_posting, v_ids, v_balances;
END;
$$;
