-- A client's chat message in one round trip (issue 19, decision 016): the conversation made on
-- first use and locked, the repeated id answered, the exact per-client rate count under that
-- lock, the message numbered and stored, and the conversation's newest-message columns moved —
-- one statement, so the whole of it commits or none of it does. Refusals raise, so nothing of a
-- refused send stays (not even a first conversation row): SUP01 the id is another message's,
-- SUP02 the client sent p_rate_limit messages within p_window. A closed conversation is
-- answered 'closed' untouched: its reopening is audited by the service, which then calls this
-- again in the same transaction. Otherwise the outcome is 'stored' or 'duplicate', with the
-- message and the conversation's read marks (for the message's delivered/read status).
CREATE OR REPLACE FUNCTION support_send_client_message(
  p_id uuid,
  p_client_id uuid,
  p_body text,
  p_image_upload_id uuid,
  p_now timestamptz,
  p_rate_limit integer,
  p_window interval
) RETURNS TABLE (
  out_outcome text,
  out_conversation_id uuid,
  out_seq integer,
  out_created_at timestamptz,
  out_client_read_seq integer,
  out_staff_delivered_seq integer,
  out_staff_read_seq integer
)
LANGUAGE plpgsql AS $$
DECLARE
  c support_conversations%ROWTYPE;
  m support_messages%ROWTYPE;
  v_recent integer;
BEGIN
  INSERT INTO support_conversations (client_id) VALUES (p_client_id)
    ON CONFLICT (client_id) DO NOTHING;
  SELECT * INTO c FROM support_conversations WHERE client_id = p_client_id FOR UPDATE;

  -- Under the lock a copy of this send that arrived first has committed, so it is seen here.
  SELECT * INTO m FROM support_messages WHERE id = p_id;
  IF FOUND THEN
    IF m.conversation_id <> c.id OR m.author_type <> 'client' OR m.body <> p_body
       OR m.image_upload_id IS DISTINCT FROM p_image_upload_id THEN
      RAISE EXCEPTION 'support: message id reused' USING ERRCODE = 'SUP01';
    END IF;
    RETURN QUERY SELECT 'duplicate', c.id, m.seq, m.created_at,
      c.client_read_seq, c.staff_delivered_seq, c.staff_read_seq;
    RETURN;
  END IF;

  SELECT count(*) INTO v_recent FROM support_messages
    WHERE conversation_id = c.id AND author_type = 'client' AND created_at >= p_now - p_window;
  IF v_recent >= p_rate_limit THEN
    RAISE EXCEPTION 'support: rate limit' USING ERRCODE = 'SUP02';
  END IF;

  IF c.status = 'closed' THEN
    RETURN QUERY SELECT 'closed', c.id, NULL::integer, NULL::timestamptz,
      c.client_read_seq, c.staff_delivered_seq, c.staff_read_seq;
    RETURN;
  END IF;

  -- Another conversation's send with this id may commit between the check above and here.
  INSERT INTO support_messages
      (id, conversation_id, seq, author_type, author_staff_id, body, image_upload_id, created_at)
    VALUES (p_id, c.id, c.last_seq + 1, 'client', NULL, p_body, p_image_upload_id, p_now)
    ON CONFLICT (id) DO NOTHING;
  IF NOT FOUND THEN
    RAISE EXCEPTION 'support: message id reused' USING ERRCODE = 'SUP01';
  END IF;
  UPDATE support_conversations
    SET last_seq = c.last_seq + 1, last_message_at = p_now,
        waiting_since = coalesce(waiting_since, p_now)
    WHERE id = c.id;
  RETURN QUERY SELECT 'stored', c.id, c.last_seq + 1, p_now,
    c.client_read_seq, c.staff_delivered_seq, c.staff_read_seq;
END;
$$;
