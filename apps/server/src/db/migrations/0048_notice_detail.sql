-- Issue 31 (decision 056): a notice carries the figures of its step (symbol, quantity, price,
-- amount, due date) so the bell can say what happened. Null on rows written before.
ALTER TABLE "client_notifications" ADD COLUMN "detail" jsonb;
