-- Many postings in one round trip (decision 003, addendum 2): a batch — a bank statement's
-- deposits confirmed at once — written set-wise rather than one ledger_post call per posting.
--
-- 1. Every account row the batch moves is opened (at zero, if new) or locked first, in the
--    ledger's global lock order (the service passes them sorted by it, firm buckets before
--    clients). A single posting takes its own rows in the same order, so a batch and a single
--    posting never wait on each other in a cycle, however the batch's postings interleave.
-- 2. Each line's balance after is the row's balance before the batch plus the running sum of the
--    batch's lines on that row, in the batch's order: exactly what posting them one by one in
--    that order would write. A guarded line whose running balance would go below zero raises
--    LDG01 as ledger_post does, DETAIL '<posting>:<line>' (both 1-based, the line's place among
--    its posting's lines as passed), so the service can say which; the caller's transaction
--    aborts and nothing is written.
-- 3. The postings, the balance moves (one UPDATE, a sum per row) and the lines (written in each
--    posting's p_positions order, as ledger_post writes them); the deferred balanced-posting
--    triggers (0006) still check every posting at commit.
--
-- Lines arrive grouped by posting (p_line_postings, 1-based, non-decreasing), in lock order
-- within each posting as ledger_post expects. Answers per posting what ledger_post answers.
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
  p_line_postings integer[],
  p_owners uuid[],
  p_line_kinds text[],
  p_buckets smallint[],
  p_amounts bigint[],
  p_guarded boolean[],
  p_positions integer[]
) RETURNS TABLE (out_index integer, out_posting_id bigint, out_account_ids bigint[], out_balances bigint[])
LANGUAGE plpgsql AS $$
DECLARE
  v_postings bigint[];
  v_accounts bigint[];
  v_after bigint[];
  v_short record;
BEGIN
  -- One pass in the order given opens each new row (holding it, as an insert does) or locks the
  -- existing one (the no-op update), so even rows opened here are taken in the global order;
  -- opening them all first and locking afterwards could hold a client's new row while waiting
  -- for a firm bucket that a single posting holds while waiting for that very row.
  INSERT INTO ledger_accounts AS a (client_id, kind, bucket, non_negative, balance)
    SELECT u.owner, u.kind, u.bucket, u.guarded, 0
    FROM unnest(p_lock_owners, p_lock_kinds, p_lock_buckets, p_lock_guarded)
      WITH ORDINALITY AS u(owner, kind, bucket, guarded, n)
    ORDER BY u.n
    ON CONFLICT (client_id, kind, bucket) DO UPDATE SET balance = a.balance;

  -- Each line's row and its balance after, in line order (the rows are ours until commit).
  SELECT array_agg(m.account_id ORDER BY m.n), array_agg(m.after ORDER BY m.n)
    INTO v_accounts, v_after
    FROM (
      SELECT l.n, a.id AS account_id,
             a.balance + sum(l.amount) OVER (PARTITION BY a.id ORDER BY l.n) AS after
      FROM unnest(p_owners, p_line_kinds, p_buckets, p_amounts)
        WITH ORDINALITY AS l(owner, kind, bucket, amount, n)
      JOIN ledger_accounts a
        ON a.client_id IS NOT DISTINCT FROM l.owner AND a.kind = l.kind AND a.bucket = l.bucket
    ) m;
  IF cardinality(v_accounts) IS DISTINCT FROM cardinality(p_amounts) THEN
    RAISE EXCEPTION 'ledger: a line of the batch names an account that is not open';
  END IF;

  SELECT l.posting, l.at, l.owner, l.kind
    INTO v_short
    FROM (
      SELECT u.*, row_number() OVER (PARTITION BY u.posting ORDER BY u.n) AS at
      FROM unnest(p_line_postings, p_guarded, p_amounts, v_after, p_owners, p_line_kinds)
        WITH ORDINALITY AS u(posting, guarded, amount, after, owner, kind, n)
    ) l
    WHERE l.guarded AND l.amount < 0 AND l.after < 0
    ORDER BY l.n
    LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'ledger: % of % would go below zero', v_short.kind, v_short.owner
      USING ERRCODE = 'LDG01', DETAIL = v_short.posting::text || ':' || v_short.at::text;
  END IF;

  SELECT array_agg(nextval(pg_get_serial_sequence('ledger_postings', 'id')) ORDER BY g)
    INTO v_postings
    FROM generate_series(1, cardinality(p_kinds)) AS g;
  INSERT INTO ledger_postings (id, kind, client_id, memo, reference, idempotency_key, created_at)
    SELECT v_postings[u.n], u.kind, u.client_id, u.memo, u.reference, u.idempotency_key,
           p_created_at
    FROM unnest(p_kinds, p_client_ids, p_memos, p_references, p_idempotency_keys)
      WITH ORDINALITY AS u(kind, client_id, memo, reference, idempotency_key, n)
    ORDER BY u.n;

  UPDATE ledger_accounts AS a SET balance = a.balance + d.delta
    FROM (
      SELECT u.account_id, sum(u.amount) AS delta
      FROM unnest(v_accounts, p_amounts) AS u(account_id, amount)
      GROUP BY u.account_id
    ) d
    WHERE a.id = d.account_id;

  INSERT INTO ledger_lines (posting_id, account_id, amount, balance_after, created_at)
    SELECT v_postings[u.posting], u.account_id, u.amount, u.after, p_created_at
    FROM unnest(p_line_postings, v_accounts, p_amounts, v_after, p_positions)
      AS u(posting, account_id, amount, after, position)
    ORDER BY u.posting, u.position;

  RETURN QUERY
    SELECT u.posting, v_postings[u.posting], array_agg(u.account_id ORDER BY u.n),
           array_agg(u.after ORDER BY u.n)
    FROM unnest(p_line_postings, v_accounts, v_after)
      WITH ORDINALITY AS u(posting, account_id, after, n)
    GROUP BY u.posting;
END;
$$;
