-- Issue 34: the daily closes each instance keeps for the returns (market/daily-closes-cache.ts)
-- were checked on every answer against a fingerprint of each scrip's stored past bars, a scan
-- of every daily bar (~12 ms for five years of 21 scrips, a third of an answer). Now a version
-- per scrip, moved in the same statement as any write that can change a past daily bar, is
-- read instead. Statement-level triggers with transition tables: a backfill of thousands of
-- bars moves each scrip's version once, not once a row.
--
-- The one write that does not move it: the live market folding ticks into a scrip's newest
-- daily bar of the current IST day (the database's clock). The cache reads yesterday's and
-- today's bars afresh on every answer, so that exemption, even with the server's clock a few
-- hours off the database's, never hides a change from it. '*' is moved by a TRUNCATE.
CREATE TABLE "candle_history_versions" (
	"symbol" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION candle_history_live(symbol text, start timestamptz) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT start >= (date_trunc('day', now() AT TIME ZONE 'Asia/Kolkata') AT TIME ZONE 'Asia/Kolkata')
     AND NOT EXISTS (SELECT 1 FROM candles c
                      WHERE c.symbol = candle_history_live.symbol AND c.interval = '1d'
                        AND c.start > candle_history_live.start)
$$;
--> statement-breakpoint
CREATE FUNCTION candle_history_bump(symbols text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO candle_history_versions AS v (symbol, version)
  SELECT DISTINCT s, 1 FROM unnest(symbols) AS s
  ON CONFLICT (symbol) DO UPDATE SET version = v.version + 1
$$;
--> statement-breakpoint
CREATE FUNCTION candle_history_written() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM candle_history_bump(array(
    SELECT b.symbol FROM written_bars b
     WHERE b.interval = '1d' AND NOT candle_history_live(b.symbol, b.start)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION candle_history_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- A bar moved to another scrip or day changes where it was, too.
  PERFORM candle_history_bump(array(
    SELECT b.symbol FROM written_bars b
     WHERE b.interval = '1d' AND NOT candle_history_live(b.symbol, b.start)
    UNION
    SELECT o.symbol FROM replaced_bars o
     WHERE o.interval = '1d' AND NOT EXISTS (
       SELECT 1 FROM written_bars b
        WHERE b.symbol = o.symbol AND b.interval = o.interval AND b.start = o.start)));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION candle_history_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM candle_history_bump(array(
    SELECT b.symbol FROM removed_bars b WHERE b.interval = '1d'));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION candle_history_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM candle_history_bump(array['*']);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER candles_history_insert AFTER INSERT ON candles
  REFERENCING NEW TABLE AS written_bars
  FOR EACH STATEMENT EXECUTE FUNCTION candle_history_written();
--> statement-breakpoint
CREATE TRIGGER candles_history_update AFTER UPDATE ON candles
  REFERENCING OLD TABLE AS replaced_bars NEW TABLE AS written_bars
  FOR EACH STATEMENT EXECUTE FUNCTION candle_history_updated();
--> statement-breakpoint
CREATE TRIGGER candles_history_delete AFTER DELETE ON candles
  REFERENCING OLD TABLE AS removed_bars
  FOR EACH STATEMENT EXECUTE FUNCTION candle_history_deleted();
--> statement-breakpoint
CREATE TRIGGER candles_history_truncate AFTER TRUNCATE ON candles
  FOR EACH STATEMENT EXECUTE FUNCTION candle_history_truncated();
