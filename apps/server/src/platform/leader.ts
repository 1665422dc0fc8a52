/**
 * One process runs the market engine. On PostgreSQL the leader holds a session advisory lock
 * on a connection of its own; a follower retries, so it takes over when the leader goes.
 * Embedded PGlite has one process by construction.
 */
import pg from 'pg';

const MARKET_LOCK = 727_001;

export function electLeader(
  databaseUrl: string | undefined,
  roles: { lead(): void; follow(): void },
  retryMs = 15_000,
): () => Promise<void> {
  if (!databaseUrl) {
    roles.lead();
    return async () => {};
  }
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
