/**
 * Chat events between instances: every send, read mark and typing signal goes on the bus
 * (Redis pub/sub when REDIS_URL is set), and each instance hands it to the sockets it holds —
 * the client's quote sockets and the agents' inbox sockets.
 */
import type { TChatFrame } from '@sampada/shared';
import type { Bus } from '../../platform/bus.ts';

export const SUPPORT_CHANNEL = 'support.events';

/** `advisorId` tells which advisors' inboxes may hear it (admin and support hear all). */
export type SupportEvent = { clientId: string; advisorId: string | null; frame: TChatFrame };

export type SupportEvents = {
  publish(event: SupportEvent): void;
  subscribe(handler: (event: SupportEvent) => void): () => void;
};

export function createSupportEvents(bus: Bus): SupportEvents {
  return {
    publish: (event) => bus.publish(SUPPORT_CHANNEL, JSON.stringify(event)),
    subscribe: (handler) =>
      bus.subscribe(SUPPORT_CHANNEL, (raw) => {
        let event: SupportEvent;
        try {
          event = JSON.parse(raw) as SupportEvent;
        } catch {
          return;
        }
        handler(event);
      }),
  };
}
