/** The agents' sockets on this instance: what they hear, the heartbeat, and their frames. */
import type { WebSocket } from 'ws';
import { mayAccess, WS_HEARTBEAT_MS } from '@sampada/shared';
import { z } from 'zod';
import type { AuthenticateStaff } from '../../platform/staff-guard.ts';
import { type Viewer, viewerFor } from '../../platform/viewer.ts';
import type { SupportEvent } from './events.ts';

const AUTH_TIMEOUT_MS = 5_000;
const SILENCE_LIMIT_MS = 3 * WS_HEARTBEAT_MS;

const ZStaffFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal('typing'), conversation_id: z.uuid() }),
  z.object({ type: z.literal('pong') }),
]);
type StaffFrame = z.infer<typeof ZStaffFrame>;

type StaffConnection = {
  socket: WebSocket;
  token: string | null;
  viewer: Viewer | null;
  name: string;
  lastHeard: number;
};

export type SupportLiveDeps = {
  staffAuth: AuthenticateStaff;
  /** The market hub's push to a client's quote sockets on this instance. */
  pushToClient: (clientId: string, message: string) => number;
  staffName: (staffId: string) => Promise<string>;
  /** Listens for changes to any staff session or member (the bus); answers how to stop. */
  onStaffSessionsChanged: (listener: () => void) => () => void;
  /** An agent typing in a conversation they may see: the client hears it. */
  staffTyping: (viewer: Viewer, name: string, conversationId: string) => Promise<void>;
};

/** The instance's agents' sockets, the heartbeat while any is open, and what was delivered. */
export type LiveState = {
  staffConnections: Set<StaffConnection>;
  heartbeat: NodeJS.Timeout | null;
  stats: { delivered: number };
};

/** Whether an agent's inbox may hear an event about a client of `advisorId`. */
export const hears = (viewer: Viewer, advisorId: string | null) =>
  mayAccess(viewer.roles, 'supportChat') &&
  (viewer.seesAdvisor === null || viewer.seesAdvisor === advisorId);

function send(c: StaffConnection, message: string) {
  if (c.socket.readyState === c.socket.OPEN) c.socket.send(message);
}

export function deliver(deps: SupportLiveDeps, state: LiveState, event: SupportEvent) {
  const message = JSON.stringify(event.frame);
  // A client hears only its own conversation's frames, and not its own typing echo.
  const fromClientTyping = event.frame.event === 'typing' && event.frame.by === 'client';
  if (!fromClientTyping) state.stats.delivered += deps.pushToClient(event.clientId, message);
  const fromStaffTyping = event.frame.event === 'typing' && event.frame.by === 'staff';
  if (fromStaffTyping) return;
  for (const c of state.staffConnections) {
    if (c.viewer && hears(c.viewer, event.advisorId)) {
      send(c, message);
      state.stats.delivered++;
    }
  }
}

/** Closes (4401) a socket whose session has ended or whose member may no longer chat. */
function recheck(deps: SupportLiveDeps, c: StaffConnection) {
  if (!c.token) return;
  deps.staffAuth.authenticate(c.token).then(
    (who) => {
      if (!mayAccess(viewerFor(who).roles, 'supportChat')) c.socket.close(4401, 'unauthorized');
    },
    () => c.socket.close(4401, 'unauthorized'),
  );
}

/**
 * A staff session or member changed on some instance (a sign-out, a deactivation, roles):
 * every agent's socket here is re-checked at once. On the next turn, so that every listener
 * of the change has run first — this instance's copies of sessions are dropped by one.
 */
export function recheckAll(deps: SupportLiveDeps, state: LiveState) {
  setImmediate(() => {
    for (const c of state.staffConnections) recheck(deps, c);
  });
}

/** Each beat re-checks the sessions too (a change whose message was lost) and drops the silent. */
function beat(deps: SupportLiveDeps, state: LiveState) {
  const now = Date.now();
  for (const c of state.staffConnections) {
    if (now - c.lastHeard > SILENCE_LIMIT_MS) {
      c.socket.terminate();
      continue;
    }
    recheck(deps, c);
    send(c, `{"type":"ping","t":${now}}`);
  }
}

type Connection = {
  c: StaffConnection;
  reject: (message: string) => void;
  authTimer: NodeJS.Timeout;
};

/** The first frame signs the agent in; later ones say they are typing. */
function onFrame(deps: SupportLiveDeps, { c, reject, authTimer }: Connection, frame: StaffFrame) {
  if (frame.type === 'auth') {
    deps.staffAuth.authenticate(frame.token).then(
      async (who) => {
        clearTimeout(authTimer);
        const viewer = viewerFor(who);
        if (!mayAccess(viewer.roles, 'supportChat'))
          return reject('Your role does not allow this.');
        c.token = frame.token;
        c.name = await deps.staffName(who.staffId);
        c.viewer = viewer;
        send(c, '{"type":"ready"}');
      },
      () => reject('Your console session has ended. Please sign in again.'),
    );
    return;
  }
  if (!c.viewer) return reject('Authenticate first.');
  if (frame.type === 'typing')
    deps.staffTyping(c.viewer, c.name, frame.conversation_id).catch(() => {});
}

export function accept(deps: SupportLiveDeps, state: LiveState, socket: WebSocket) {
  const { staffConnections } = state;
  const c: StaffConnection = {
    socket,
    token: null,
    viewer: null,
    name: '',
    lastHeard: Date.now(),
  };
  staffConnections.add(c);
  state.heartbeat ??= setInterval(() => beat(deps, state), WS_HEARTBEAT_MS);
  const reject = (message: string) => {
    send(c, JSON.stringify({ type: 'error', message }));
    socket.close(4401, 'unauthorized');
  };
  const authTimer = setTimeout(() => {
    if (!c.viewer) reject('Authentication timed out.');
  }, AUTH_TIMEOUT_MS);
  const connection: Connection = { c, reject, authTimer };
  socket.on('message', (raw) => {
    c.lastHeard = Date.now();
    let parsed;
    try {
      parsed = ZStaffFrame.safeParse(JSON.parse(String(raw)));
    } catch {
      parsed = null;
    }
    if (!parsed?.success) return send(c, '{"type":"error","message":"Unrecognised message."}');
    onFrame(deps, connection, parsed.data);
  });
  socket.on('close', () => {
    clearTimeout(authTimer);
    staffConnections.delete(c);
    if (staffConnections.size === 0 && state.heartbeat) {
      clearInterval(state.heartbeat);
      state.heartbeat = null;
    }
  });
  socket.on('error', () => socket.terminate());
}
