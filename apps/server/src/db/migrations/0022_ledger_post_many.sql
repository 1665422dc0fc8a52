-- Many postings in one round trip (decision 003, addendum 2): a batch — a bank statement's
-- deposits confirmed at once — locks every account row it will move first, in the ledger's
-- global lock order (the service passes them sorted by it, firm buckets before clients), then
-- calls ledger_post for each posting in the order given. Taking all the locks up front keeps
-- the order global across the batch: a single posting takes its own rows in the same order, so
-- a batch and a single posting never wait on each other in a cycle, however the batch's
-- postings interleave firm buckets and clients. Rows not opened yet are opened at zero first
-- (inside the transaction: they vanish with it if anything fails).
--
-- Each posting's lines are p_line_from[i] .. p_line_from[i] + p_line_count[i] - 1 of the line
-- arrays, already in lock order within the posting as ledger_post expects. A guarded debit that
-- finds too little raises LDG01 as ledger_post does, with DETAIL '<posting>:<line>' (both
-- 1-based), so the service can say which posting and line; the caller's transaction aborts.
CREATE OR REPLACE FUNCTION ledger_post_many(
  p_lock_owners uuid[],
  p_lock_kinds text[],
  p_lock_buckets smallint[],
  p_lock_guarded boolean[],
  p_kinds text[],
  p_client_ids uuid[],
  p_memos text[],
  p_references text[],
  p_idempotency_keys text[],
  p_created_at timestamptz,
  p_line_from integer[],
  p_line_count integer[],
  p_owners uuid[],
  p_line_kinds text[],
  p_buckets smallint[],
  p_amounts bigint[],
  p_guarded boolean[],
  p_positions integer[]
) RETURNS TABLE (out_index integer, out_posting_id bigint, out_account_ids bigint[], out_balances bigint[])
LANGUAGE plpgsql AS $$
DECLARE
  v_at integer := 0;
  v_first integer;
  v_last integer;
  v_detail text;
BEGIN
  INSERT INTO ledger_accounts (client_id, kind, bucket, non_negative, balance)
    SELECT u.owner, u.kind, u.bucket, u.guarded, 0
    FROM unnest(p_lock_owners, p_lock_kinds, p_lock_buckets, p_lock_guarded)
      WITH ORDINALITY AS u(owner, kind, bucket, guarded, n)
    ORDER BY u.n
    ON CONFLICT (client_id, kind, bucket) DO NOTHING;
  -- The Sort sits below the row locks, so rows are locked in the order given.
  PERFORM 1
    FROM unnest(p_lock_owners, p_lock_kinds, p_lock_buckets)
      WITH ORDINALITY AS u(owner, kind, bucket, n)
    JOIN ledger_accounts a
      ON a.client_id IS NOT DISTINCT FROM u.owner AND a.kind = u.kind AND a.bucket = u.bucket
    ORDER BY u.n
    FOR UPDATE OF a;

  BEGIN
    FOR i IN 1 .. cardinality(p_kinds) LOOP
      v_at := i;
      v_first := p_line_from[i];
      v_last := p_line_from[i] + p_line_count[i] - 1;
      RETURN QUERY
        SELECT i, p.out_posting_id, p.out_account_ids, p.out_balances
        FROM ledger_post(p_kinds[i], p_client_ids[i], p_memos[i], p_references[i],
          p_idempotency_keys[i], p_created_at,
          p_owners[v_first:v_last], p_line_kinds[v_first:v_last], p_buckets[v_first:v_last],
          p_amounts[v_first:v_last], p_guarded[v_first:v_last], p_positions[v_first:v_last]) AS p;
    END LOOP;
  EXCEPTION WHEN SQLSTATE 'LDG01' THEN
    GET STACKED DIAGNOSTICS v_detail = PG_EXCEPTION_DETAIL;
    RAISE EXCEPTION 'ledger: posting % of the batch would take a guarded account below zero', v_at
      USING ERRCODE = 'LDG01', DETAIL = v_at::text || ':' || v_detail;
  END;
END;
$$;
