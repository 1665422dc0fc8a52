/** One quote socket: signed in by its first frame, then subscribing; cleaned up on close. */
import type { WebSocket } from 'ws';
import { type TWsClientMessage, ZWsClientMessage } from '@sampada/shared';
import { AppError } from '../../platform/errors.ts';
import type { Connection } from './live-frames.ts';
import {
  type Hub,
  send,
  startHeartbeat,
  stopTimersIfIdle,
  subscription,
  unsubscribe,
} from './live-hub.ts';

const AUTH_TIMEOUT_MS = 5_000;

type Session = {
  connection: Connection;
  authTimer: NodeJS.Timeout;
  reject: (message: string) => void;
  /** The sign-in could not be checked (database busy): not the token's fault, so no 4401. */
  retryLater: () => void;
};

/** The `auth` frame: the socket becomes the client's (moving from another client's if it was). */
function signIn(hub: Hub, { connection, authTimer, reject, retryLater }: Session, token: string) {
  hub.auth.authenticate(token).then(
    (who) => {
      clearTimeout(authTimer);
      if (connection.clientId) hub.byClient.get(connection.clientId)?.delete(connection);
      connection.clientId = who.clientId;
      connection.sessionId = who.sessionId;
      let own = hub.byClient.get(who.clientId);
      if (!own) hub.byClient.set(who.clientId, (own = new Set()));
      own.add(connection);
      send(hub, connection, '{"type":"ready"}');
    },
    (error: unknown) =>
      error instanceof AppError && error.status === 401
        ? reject('Session expired — please sign in again.')
        : retryLater(),
  );
}

function onMessage(hub: Hub, session: Session, message: TWsClientMessage) {
  const { connection, reject } = session;
  if (message.type === 'auth') return signIn(hub, session, message.token);
  if (message.type === 'pong') return;
  if (!connection.clientId) return reject('Authenticate first.');
  if (message.type === 'subscribe' || message.type === 'unsubscribe') {
    connection.work = connection.work.then(() => subscription(hub, connection, message));
    return;
  }
  for (const handler of hub.frameHandlers) handler(connection.clientId, message);
}

function onClose(hub: Hub, connection: Connection) {
  unsubscribe(hub, connection, [...connection.symbols]);
  hub.connections.delete(connection);
  hub.lagging.delete(connection);
  hub.freshened.delete(connection);
  if (connection.clientId) {
    const own = hub.byClient.get(connection.clientId);
    own?.delete(connection);
    if (own?.size === 0) hub.byClient.delete(connection.clientId);
  }
  stopTimersIfIdle(hub);
}

export function accept(hub: Hub, socket: WebSocket) {
  const connection: Connection = {
    socket,
    clientId: null,
    sessionId: null,
    work: Promise.resolve(),
    symbols: new Set(),
    fresh: null,
    missed: null,
    pending: [],
    lastHeard: Date.now(),
  };
  hub.connections.add(connection);
  startHeartbeat(hub);
  const reject = (message: string) => {
    send(hub, connection, JSON.stringify({ type: 'error', message }));
    socket.close(4401, 'unauthorized');
  };
  const retryLater = () => {
    send(hub, connection, JSON.stringify({ type: 'error', message: 'Busy — reconnecting.' }));
    socket.close(1013, 'try again later');
  };
  const authTimer = setTimeout(() => {
    if (!connection.clientId) reject('Authentication timed out.');
  }, AUTH_TIMEOUT_MS);
  const session: Session = { connection, authTimer, reject, retryLater };

  socket.on('message', (raw) => {
    connection.lastHeard = Date.now();
    let parsed;
    try {
      parsed = ZWsClientMessage.safeParse(JSON.parse(String(raw)));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) {
      send(hub, connection, JSON.stringify({ type: 'error', message: 'Unrecognised message.' }));
      return;
    }
    onMessage(hub, session, parsed.data);
  });
  socket.on('close', () => {
    clearTimeout(authTimer);
    onClose(hub, connection);
  });
  socket.on('error', () => socket.terminate());
}
