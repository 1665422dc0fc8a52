/**
 * One process runs the market engine. The leader holds a session advisory lock on a
 * connection of its own; a follower retries, so it takes over when the leader goes.
 */
import pg from 'pg';

const MARKET_LOCK = 727_001;

export function electLeader(
  databaseUrl: string,
  roles: { lead(): void; follow(): void },
  retryMs = 15_000,
): () => Promise<void> {
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const attempt = async () => {
    try {
      client ??= new pg.Client({ connectionString: databaseUrl });
      client.on('error', () => {
        client = null;
      });
      await client.connect();
      const { rows } = await client.query<{ locked: boolean }>(
        'select pg_try_advisory_lock($1) as locked',
        [MARKET_LOCK],
      );
      if (rows[0]?.locked) {
        roles.lead();
        return;
      }
      await client.end();
      client = null;
    } catch {
      client = null;
    }
    if (!stopped) timer = setTimeout(() => void attempt(), retryMs);
  };
  roles.follow();
  void attempt();
  return async () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    await client?.end().catch(() => {});
  };
}
