/**
 * Live chat events. Clients hear theirs on the quotes socket (`/ws/app/v1`, one connection and
 * one sign-in: the market hub pushes what this hands it). Agents hear their inbox on
 * `/ws/console/v1`, signed in with the console session token in the first frame, like the
 * quotes socket. Every instance listens on the bus, so an event raised on one instance reaches
 * sockets held by any other (docs/api-support.md "Live events").
 */
import type { FastifyInstance } from 'fastify';
import type { SupportEvents } from './events.ts';
import {
  accept,
  deliver,
  type LiveState,
  recheckAll,
  type SupportLiveDeps,
} from './staff-connections.ts';

export { hears } from './staff-connections.ts';

export const CONSOLE_LIVE_PATH = '/ws/console/v1';

export function createSupportLive(deps: SupportLiveDeps & { events: SupportEvents }) {
  const state: LiveState = {
    staffConnections: new Set(),
    heartbeat: null,
    stats: { delivered: 0 },
  };
  const { staffConnections, stats } = state;
  const off = deps.events.subscribe((event) => deliver(deps, state, event));
  const offSessions = deps.onStaffSessionsChanged(() => recheckAll(deps, state));

  return {
    register(app: FastifyInstance) {
      app.get(CONSOLE_LIVE_PATH, { websocket: true, schema: { hide: true } }, (socket) =>
        accept(deps, state, socket),
      );
    },
    stats: () => ({ ...stats, staffConnections: staffConnections.size }),
    close() {
      off();
      offSessions();
      for (const c of staffConnections) c.socket.close(1001, 'server shutting down');
      staffConnections.clear();
      if (state.heartbeat) clearInterval(state.heartbeat);
      state.heartbeat = null;
    },
  };
}
export type SupportLive = ReturnType<typeof createSupportLive>;
