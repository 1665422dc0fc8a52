import type pg from 'pg';

/**
 * Where each connection still checked out was taken, so a shutdown that cannot drain the pool
 * names its holder instead of a bare count (seen after PostgreSQL restarted under load, with
 * no way to tell which request or job kept its connection). The Error is made at checkout and
 * formatted only if it is printed: V8 captures frames cheaply and renders them lazily.
 */
export function trackCheckouts(pool: pg.Pool): () => string[] {
  const origins = new Map<pg.PoolClient, Error>();
  type Done = (error: Error | undefined, client: pg.PoolClient, release: () => void) => void;
  const connect = pool.connect.bind(pool) as (done: Done) => void;
  // pool.query() checks out through this method with a callback: one statement, its connection
  // given back when it is answered (or at the statement timeout). Only a transaction's checkout
  // can be held by code that never lets go, and only it pays for the stack (a 30-frame capture
  // at every statement had been ~2% of the server's CPU at the market-open burst).
  const tracked = (done?: Done) => {
    let origin = ONE_STATEMENT;
    if (!done) {
      // drizzle's and pg's own frames fill the default ten before the caller's appear.
      const limit = Error.stackTraceLimit;
      Error.stackTraceLimit = 30;
      origin = new Error('checked out');
      Error.stackTraceLimit = limit;
    }
    const record: Done = (error, client, release) => {
      if (!error) origins.set(client, origin);
      done?.(error, client, release);
    };
    if (done) return connect(record);
    return new Promise<pg.PoolClient>((resolve, reject) =>
      connect((error, client, release) => {
        record(error, client, release);
        if (error) reject(error);
        else resolve(client);
      }),
    );
  };
  (pool as unknown as { connect: typeof tracked }).connect = tracked;
  pool.on('release', (_error, client) => origins.delete(client));
  pool.on('remove', (client) => origins.delete(client));
  return () => [...origins.values()].map(describeOrigin);
}

const ONE_STATEMENT = new Error('one statement (pool.query)');

/** The frames outside this module, pg and drizzle: the code that asked for the connection. */
function describeOrigin(origin: Error): string {
  if (origin === ONE_STATEMENT) return 'a single statement (pool.query), in flight';
  const frames = (origin.stack ?? '')
    .split('\n')
    .slice(1)
    .map((line) => line.trim())
    .filter(
      (line) => !/checkout-origins\.ts:|node_modules[\\/](pg|pg-pool|drizzle-orm)[\\/]/.test(line),
    );
  return frames.slice(0, 6).join(' ← ');
}
