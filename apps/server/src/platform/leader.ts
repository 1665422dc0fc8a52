/**
 * One process runs the market engine and the jobs. The leader holds a session advisory lock on
 * a connection of its own; PostgreSQL releases it the moment that connection ends (a killed or
 * stopped leader), and a follower, asking again every `retryMs` on its own kept connection,
 * takes over within that interval (issue 21: within 10 s).
 */
import pg from 'pg';

const MARKET_LOCK = 727_001;
export const LEADER_RETRY_MS = 2_000;

export function electLeader(
  databaseUrl: string,
  roles: { lead(): void; follow(): void },
  retryMs = LEADER_RETRY_MS,
): () => Promise<void> {
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const connected = async (): Promise<pg.Client> => {
    if (client) return client;
    const fresh = new pg.Client({ connectionString: databaseUrl });
    // A lost connection is dropped; the next attempt opens a new one.
    fresh.on('error', () => {
      if (client === fresh) client = null;
    });
    await fresh.connect();
    client = fresh;
    return fresh;
  };
  const attempt = async () => {
    try {
      const { rows } = await (
        await connected()
      ).query<{ locked: boolean }>('select pg_try_advisory_lock($1) as locked', [MARKET_LOCK]);
      if (rows[0]?.locked) {
        if (!stopped) roles.lead();
        return;
      }
    } catch {
      await client?.end().catch(() => {});
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
