/**
 * A ticker socket lives only as long as its session, on every instance: a logout
 * (DELETE /session/token), staff disabling or the client deleting the app, and the firm
 * switching the API off are announced on the bus once they commit, and each instance re-checks
 * the sockets they touch at once; the 06:00 IST expiry is a time, compared at every heartbeat
 * without a query. A re-check of every socket each RECHECK_MS backs up the bus, whose Redis
 * pub/sub drops what is published while a connection is down. An ended socket hears Kite's
 * error message and closes with 4401, as the app's own socket does.
 */
import { ConnectMessage } from '@sampada/shared';
import type { Connection, TickerDeps } from './ticker-deps.ts';

/** The bus channel: an app id whose sessions changed, or ALL_APPS. */
export const CONNECT_SESSIONS_CHANNEL = 'connect.sessions.changed';
export const ALL_APPS = '*';
export const SESSION_ENDED_CLOSE = 4401;
export const RECHECK_MS = 15_000;

export function endTickerSession(connection: Connection) {
  if (connection.ended) return;
  connection.ended = true;
  const { socket } = connection;
  if (socket.readyState === socket.OPEN)
    socket.send(JSON.stringify({ type: 'error', data: ConnectMessage.tokenInvalid }));
  socket.close(SESSION_ENDED_CLOSE, 'session ended');
}

/** Ends the sockets whose access token the clock has passed (06:00 IST); answers the rest. */
export function endExpired({ clock }: TickerDeps, connections: Iterable<Connection>) {
  const now = clock.now().getTime();
  const live: Connection[] = [];
  for (const connection of connections) {
    if (connection.ended) continue;
    if (connection.expiresAt.getTime() <= now) endTickerSession(connection);
    else live.push(connection);
  }
  return live;
}

/** Closes (4401) every one of these sockets whose session is no longer live, in one query. */
export async function recheckTicker(deps: TickerDeps, connections: Connection[]) {
  const open = endExpired(deps, connections);
  if (open.length === 0) return;
  let live: Set<string>;
  try {
    live = await deps.sessions.liveAmong([...new Set(open.map((c) => c.tokenHash))]);
  } catch {
    return; // the database is busy: the next re-check asks again
  }
  for (const connection of open) if (!live.has(connection.tokenHash)) endTickerSession(connection);
}
