-- Decision 081: a group-commit batch of deposit confirmations is one statement of CTEs — keys,
-- the guarded UPDATE, the credits, the audit rows, engagement's marks, the answers — sent with
-- no transaction around it, built from rows read just before. Its CTEs cannot look at each
-- other's effects, so the statement checks its own counts (each step touched every row it was
-- built for) with this function, which raises and so undoes the whole statement when one did
-- not: the batch then sends each confirmation alone, as any failed batch does.
CREATE FUNCTION batch_ensure(ok boolean, what text) RETURNS boolean
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'batch step % did not touch every row it was built for', what
      USING ERRCODE = 'SB001';
  END IF;
  RETURN true;
END
$$;
