/**
 * Live chat events. Clients hear theirs on the quotes socket (`/ws/app/v1`, one connection and
 * one sign-in: the market hub pushes what this hands it). Agents hear their inbox on
 * `/ws/console/v1`, signed in with the console session token in the first frame, like the
 * quotes socket. Every instance listens on the bus, so an event raised on one instance reaches
 * sockets held by any other (docs/api-support.md "Live events").
 */
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { mayAccess, WS_HEARTBEAT_MS } from '@sampada/shared';
import { z } from 'zod';
import type { AuthenticateStaff } from '../../platform/staff-guard.ts';
import { type Viewer, viewerFor } from '../../platform/viewer.ts';
import type { SupportEvent, SupportEvents } from './events.ts';

export const CONSOLE_LIVE_PATH = '/ws/console/v1';
const AUTH_TIMEOUT_MS = 5_000;
const SILENCE_LIMIT_MS = 3 * WS_HEARTBEAT_MS;

const ZStaffFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(4096) }),
  z.object({ type: z.literal('typing'), conversation_id: z.uuid() }),
  z.object({ type: z.literal('pong') }),
]);

type StaffConnection = {
  socket: WebSocket;
  token: string | null;
  viewer: Viewer | null;
  name: string;
  lastHeard: number;
};

/** Whether an agent's inbox may hear an event about a client of `advisorId`. */
export const hears = (viewer: Viewer, advisorId: string | null) =>
  mayAccess(viewer.roles, 'supportChat') &&
  (viewer.seesAdvisor === null || viewer.seesAdvisor === advisorId);

export function createSupportLive(deps: {
  events: SupportEvents;
  staffAuth: AuthenticateStaff;
  /** The market hub's push to a client's quote sockets on this instance. */
  pushToClient: (clientId: string, message: string) => number;
  staffName: (staffId: string) => Promise<string>;
  /** An agent typing in a conversation they may see: the client hears it. */
  staffTyping: (viewer: Viewer, name: string, conversationId: string) => Promise<void>;
}) {
  const staffConnections = new Set<StaffConnection>();
  let heartbeat: NodeJS.Timeout | null = null;
  const stats = { delivered: 0 };

  function send(c: StaffConnection, message: string) {
    if (c.socket.readyState === c.socket.OPEN) c.socket.send(message);
  }

  function deliver(event: SupportEvent) {
    const message = JSON.stringify(event.frame);
    // A client hears only its own conversation's frames, and not its own typing echo.
    const fromClientTyping = event.frame.event === 'typing' && event.frame.by === 'client';
    if (!fromClientTyping) stats.delivered += deps.pushToClient(event.clientId, message);
    const fromStaffTyping = event.frame.event === 'typing' && event.frame.by === 'staff';
    if (fromStaffTyping) return;
    for (const c of staffConnections) {
      if (c.viewer && hears(c.viewer, event.advisorId)) {
        send(c, message);
        stats.delivered++;
      }
    }
  }

  const off = deps.events.subscribe(deliver);

  /** Sessions end (sign-out, revocation): each beat re-checks them and drops the silent. */
  function beat() {
    const now = Date.now();
    for (const c of staffConnections) {
      if (now - c.lastHeard > SILENCE_LIMIT_MS) {
        c.socket.terminate();
        continue;
      }
      if (c.token)
        deps.staffAuth.authenticate(c.token).catch(() => c.socket.close(4401, 'unauthorized'));
      send(c, `{"type":"ping","t":${now}}`);
    }
  }

  function accept(socket: WebSocket) {
    const c: StaffConnection = {
      socket,
      token: null,
      viewer: null,
      name: '',
      lastHeard: Date.now(),
    };
    staffConnections.add(c);
    heartbeat ??= setInterval(beat, WS_HEARTBEAT_MS);
    const reject = (message: string) => {
      send(c, JSON.stringify({ type: 'error', message }));
      socket.close(4401, 'unauthorized');
    };
    const authTimer = setTimeout(() => {
      if (!c.viewer) reject('Authentication timed out.');
    }, AUTH_TIMEOUT_MS);
    socket.on('message', (raw) => {
      c.lastHeard = Date.now();
      let parsed;
      try {
        parsed = ZStaffFrame.safeParse(JSON.parse(String(raw)));
      } catch {
        parsed = null;
      }
      if (!parsed?.success) return send(c, '{"type":"error","message":"Unrecognised message."}');
      const frame = parsed.data;
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
    });
    socket.on('close', () => {
      clearTimeout(authTimer);
      staffConnections.delete(c);
      if (staffConnections.size === 0 && heartbeat) {
        clearInterval(heartbeat);
        heartbeat = null;
      }
    });
    socket.on('error', () => socket.terminate());
  }

  return {
    register(app: FastifyInstance) {
      app.get(CONSOLE_LIVE_PATH, { websocket: true, schema: { hide: true } }, (socket) =>
        accept(socket),
      );
    },
    stats: () => ({ ...stats, staffConnections: staffConnections.size }),
    close() {
      off();
      for (const c of staffConnections) c.socket.close(1001, 'server shutting down');
      staffConnections.clear();
      if (heartbeat) clearInterval(heartbeat);
      heartbeat = null;
    },
  };
}
export type SupportLive = ReturnType<typeof createSupportLive>;
