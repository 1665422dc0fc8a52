/**
 * Liveness and readiness, for a load balancer or an orchestrator.
 *
 * - `GET /live`: the process answers (no database call), 200 while it runs.
 * - `GET /ready`: 200 when the database answers within a second, holds every migration this
 *   build ships, and the server is not draining; 503 otherwise, with the reason. Nothing is
 *   cached: the next probe after the database returns answers 200, with no restart.
 *
 * Neither is rate-limited nor stored by a cache. A SIGTERM turns `draining` on at once
 * (main.ts), so a balancer stops sending new work before the listener closes.
 */
import type { FastifyInstance } from 'fastify';
import { type Db, migrationsApplied } from '../db/client.ts';
import { errorBody } from './envelope.ts';

export type Readiness = {
  status: 'ready' | 'not ready';
  database: 'up' | 'down';
  migrations: 'applied' | 'pending' | 'unknown';
  draining: boolean;
};

export type Health = ReturnType<typeof createHealth>;

const PROBE_TIMEOUT_MS = 1000;

export function createHealth(db: Db, probeTimeoutMs = PROBE_TIMEOUT_MS) {
  let draining = false;

  async function probeDatabase(): Promise<boolean | null> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), probeTimeoutMs);
    });
    try {
      return await Promise.race([migrationsApplied(db), timeout]);
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    get draining() {
      return draining;
    },
    /** From now on /ready answers 503; there is no way back (the process is stopping). */
    startDraining() {
      draining = true;
    },
    async readiness(): Promise<Readiness> {
      if (draining)
        return { status: 'not ready', database: 'up', migrations: 'unknown', draining: true };
      const applied = await probeDatabase();
      const database = applied === null ? 'down' : 'up';
      const migrations = applied === null ? 'unknown' : applied ? 'applied' : 'pending';
      const ready = applied === true && !draining;
      return { status: ready ? 'ready' : 'not ready', database, migrations, draining };
    },
  };
}

function reasonOf(r: Readiness): string {
  if (r.draining) return 'Not ready: the server is shutting down.';
  if (r.database === 'down') return 'Not ready: the database does not answer.';
  if (r.migrations === 'pending') return 'Not ready: the database misses migrations.';
  return 'Ready.';
}

export function registerHealthRoutes(app: FastifyInstance, health: Health) {
  // Draining, every answer asks its client to close the connection, so no kept-alive socket
  // is left pooled when the listener closes: a request written to an idle socket at the instant
  // the server closes it is cut off (ECONNRESET, seen under load by the SIGTERM test).
  app.addHook('onSend', async (_request, reply) => {
    if (health.draining) reply.header('connection', 'close');
  });
  app.get('/live', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return { code: 200, message: 'Live.', data: { status: 'live' } };
  });
  app.get('/ready', { schema: { hide: true } }, async (_request, reply) => {
    const readiness = await health.readiness();
    const status = readiness.status === 'ready' ? 200 : 503;
    reply.header('cache-control', 'no-store');
    if (status === 503) reply.header('retry-after', '1');
    const message = reasonOf(readiness);
    return reply
      .status(status)
      .send(
        status === 503
          ? errorBody(503, message, readiness)
          : { code: status, message, data: readiness },
      );
  });
}
