-- A batch's posting ids can be reserved before its rows are locked (decision 003, addendum 3).
-- A bank statement confirms a hundred deposits in one transaction; the ledger_post_many call
-- locks every client account and a firm bucket those deposits credit, and the locks are held
-- until commit. Called in the middle of the transaction, the rows stayed locked while the
-- deposits were linked to their postings, the audit rows written and the answer built: another
-- statement naming the same clients waited all that while. With the ids reserved first (the
-- ledger service's reserveMany: nextval of the postings' own sequence), the caller writes
-- everything that refers to the postings before, and posts last, just before commit.
--
-- 1. ledger_post_many takes the reserved ids (p_posting_ids, one per posting, in order);
--    without them it draws its own as before.
-- 2. A deposit names its posting before the posting row exists within the transaction: the
--    foreign key is checked at commit (DEFERRABLE INITIALLY DEFERRED), still always checked.
-- 3. Each line's row is found among the rows the batch has just locked, not by a join to every
--    account (below).
-- 4. A batch without a guarded debit moves each row as it locks it: one write a row, not two.
ALTER TABLE "deposits" ALTER CONSTRAINT "deposits_posting_id_ledger_postings_id_fk" DEFERRABLE INITIALLY DEFERRED;
--> statement-breakpoint
DROP FUNCTION ledger_post_many(uuid[], text[], smallint[], boolean[], text[], uuid[], text[], text[], text[], timestamptz, integer[], uuid[], text[], smallint[], bigint[], boolean[], integer[]);
--> statement-breakpoint
CREATE FUNCTION ledger_post_many(
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
  p_positions integer[],
  p_posting_ids bigint[] DEFAULT NULL
) RETURNS TABLE (out_index integer, out_posting_id bigint, out_account_ids bigint[], out_balances bigint[])
LANGUAGE plpgsql AS $$
DECLARE
  c_firm CONSTANT uuid := '00000000-0000-0000-0000-000000000000';
  v_moved_now boolean;
  v_postings bigint[];
  v_accounts bigint[];
  v_after bigint[];
  v_short record;
BEGIN
  -- One pass in the order given opens each new row (holding it, as an insert does) or locks the
  -- existing one (the update), so even rows opened here are taken in the global order; opening
  -- them all first and locking afterwards could hold a client's new row while waiting for a firm
  -- bucket that a single posting holds while waiting for that very row.
  -- A batch with no guarded debit (a statement's deposits: credits to clients, debits to the
  -- firm) cannot take a guarded row below zero, so this pass moves each row by the sum of its
  -- lines at once: one write a row. A batch with a guarded debit locks with a no-op update, is
  -- checked line by line below, and moves the rows after.
  -- Each line's row and its balance after, in line order, are read off the rows this pass
  -- returns (ours until commit). Joining the lines to ledger_accounts itself could use no index
  -- (client_id IS NOT DISTINCT FROM, for the firm's rows): with a hundred thousand clients that
  -- was a scan of every account, over a second a statement, with the rows already locked. The
  -- firm's null owner is compared as a sentinel no client has, so these joins can hash.
  v_moved_now := NOT EXISTS (
    SELECT 1 FROM unnest(p_guarded, p_amounts) AS g(guarded, amount)
    WHERE g.guarded AND g.amount < 0);
  WITH deltas AS (
    SELECT coalesce(l.owner, c_firm) AS owner_key, l.kind, l.bucket, sum(l.amount) AS delta
    FROM unnest(p_owners, p_line_kinds, p_buckets, p_amounts) AS l(owner, kind, bucket, amount)
    GROUP BY 1, 2, 3
  ), locked AS (
    INSERT INTO ledger_accounts AS a (client_id, kind, bucket, non_negative, balance)
      SELECT u.owner, u.kind, u.bucket, u.guarded,
             CASE WHEN v_moved_now THEN coalesce(d.delta, 0) ELSE 0 END
      FROM unnest(p_lock_owners, p_lock_kinds, p_lock_buckets, p_lock_guarded)
        WITH ORDINALITY AS u(owner, kind, bucket, guarded, n)
      LEFT JOIN deltas d
        ON d.owner_key = coalesce(u.owner, c_firm) AND d.kind = u.kind AND d.bucket = u.bucket
      ORDER BY u.n
      ON CONFLICT (client_id, kind, bucket) DO UPDATE SET balance = a.balance + excluded.balance
      RETURNING a.id, a.client_id, a.kind, a.bucket, a.balance
  )
  SELECT array_agg(m.account_id ORDER BY m.n), array_agg(m.after ORDER BY m.n)
    INTO v_accounts, v_after
    FROM (
      SELECT l.n, k.id AS account_id,
             k.balance
               - CASE WHEN v_moved_now THEN sum(l.amount) OVER (PARTITION BY k.id) ELSE 0 END
               + sum(l.amount) OVER (PARTITION BY k.id ORDER BY l.n) AS after
      FROM unnest(p_owners, p_line_kinds, p_buckets, p_amounts)
        WITH ORDINALITY AS l(owner, kind, bucket, amount, n)
      JOIN locked k
        ON coalesce(k.client_id, c_firm) = coalesce(l.owner, c_firm)
          AND k.kind = l.kind AND k.bucket = l.bucket
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

  IF p_posting_ids IS NULL THEN
    SELECT array_agg(nextval(pg_get_serial_sequence('ledger_postings', 'id')) ORDER BY g)
      INTO v_postings
      FROM generate_series(1, cardinality(p_kinds)) AS g;
  ELSIF cardinality(p_posting_ids) IS DISTINCT FROM cardinality(p_kinds) THEN
    RAISE EXCEPTION 'ledger: % posting ids reserved for % postings',
      cardinality(p_posting_ids), cardinality(p_kinds);
  ELSE
    v_postings := p_posting_ids;
  END IF;
  INSERT INTO ledger_postings (id, kind, client_id, memo, reference, idempotency_key, created_at)
    SELECT v_postings[u.n], u.kind, u.client_id, u.memo, u.reference, u.idempotency_key,
           p_created_at
    FROM unnest(p_kinds, p_client_ids, p_memos, p_references, p_idempotency_keys)
      WITH ORDINALITY AS u(kind, client_id, memo, reference, idempotency_key, n)
    ORDER BY u.n;

  IF NOT v_moved_now THEN
    UPDATE ledger_accounts AS a SET balance = a.balance + d.delta
      FROM (
        SELECT u.account_id, sum(u.amount) AS delta
        FROM unnest(v_accounts, p_amounts) AS u(account_id, amount)
        GROUP BY u.account_id
      ) d
      WHERE a.id = d.account_id;
  END IF;

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
