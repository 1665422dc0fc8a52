/**
 * LISTEN on one PostgreSQL channel, on a connection of its own (a pool connection would be
 * handed to other work and its LISTEN lost with it). PostgreSQL delivers a NOTIFY only once its
 * transaction commits, and in commit order. When the connection ends (the database restarted,
 * the backend terminated, the network cut) it opens a new one with backoff, from `minRetryMs`
 * doubling to `maxRetryMs`, and LISTENs again; what was notified while it had none is not heard
 * again, so a listener must be one whose readers also poll (the bell's list does).
 */
import pg from 'pg';

export type PgListener = {
  /** Settles once LISTEN is in effect on the current connection (or the next one). */
  whenListening(): Promise<void>;
  /** How many connections have LISTENed so far: one more after each reconnection. */
  sessions(): number;
  /** Ends the connection and opens no other. */
  stop(): Promise<void>;
};

export type PgListenerOptions = {
  /** Shown in pg_stat_activity, so an operator sees (and a test finds) the listener. */
  applicationName: string;
  log?: (message: string, error?: unknown) => void;
  minRetryMs?: number;
  maxRetryMs?: number;
};

type Waiting = { promise: Promise<void>; resolve: () => void; settled: boolean };
const waiting = (): Waiting => {
  let resolve = () => {};
  const promise = new Promise<void>((done) => (resolve = done));
  const w: Waiting = { promise, settled: false, resolve: () => {} };
  w.resolve = () => {
    w.settled = true;
    resolve();
  };
  return w;
};

export function listenOn(
  databaseUrl: string,
  channel: string,
  onPayload: (payload: string) => void,
  options: PgListenerOptions,
): PgListener {
  const { minRetryMs = 250, maxRetryMs = 10_000 } = options;
  let client: pg.Client | null = null;
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  let delay = minRetryMs;
  let sessions = 0;
  let ready = waiting();

  // Called once per connection, whichever of its failure and its end comes first.
  const lost = (fresh: pg.Client, error?: unknown) => {
    if (client !== fresh) return;
    client = null;
    if (ready.settled) ready = waiting();
    void fresh.end().catch(() => {});
    if (stopped) return;
    options.log?.(`${channel} listener disconnected; retrying in ${delay} ms`, error);
    timer = setTimeout(open, delay);
    delay = Math.min(delay * 2, maxRetryMs);
  };

  async function open() {
    timer = null;
    const fresh = new pg.Client({
      connectionString: databaseUrl,
      application_name: options.applicationName,
      // A peer gone without a word (a cut network) is noticed, not waited on forever.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 10_000,
    });
    client = fresh;
    // 'error' is always followed by 'end'; without a handler it would crash the process.
    fresh.on('error', (error) => lost(fresh, error));
    fresh.on('end', () => lost(fresh));
    fresh.on('notification', (message) => {
      if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
    });
    try {
      await fresh.connect();
      await fresh.query(`listen ${fresh.escapeIdentifier(channel)}`);
    } catch (error) {
      lost(fresh, error);
      return;
    }
    // Stopped (or lost) while it connected: this one is not kept.
    if (client !== fresh) return void fresh.end().catch(() => {});
    // After a loss, a word that it is back: an operator (and a reliability test) reads it.
    if (sessions > 0) options.log?.(`${channel} listener listening again`);
    delay = minRetryMs;
    sessions += 1;
    ready.resolve();
  }

  void open();
  return {
    whenListening: () => ready.promise,
    sessions: () => sessions,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      const last = client;
      client = null;
      await last?.end().catch(() => {});
    },
  };
}
