import pg from 'pg';

/**
 * The named (prepared) statements every `pg` client sent while `run` ran, counted by name: how a
 * test sees which reads a request made without timing it.
 */
export async function namedStatementsDuring(run: () => Promise<void>) {
  const query = pg.Client.prototype.query;
  const sent = new Map<string, number>();
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const name = (args[0] as { name?: string } | undefined)?.name;
    if (name) sent.set(name, (sent.get(name) ?? 0) + 1);
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;
  try {
    await run();
  } finally {
    pg.Client.prototype.query = query;
  }
  return sent;
}
