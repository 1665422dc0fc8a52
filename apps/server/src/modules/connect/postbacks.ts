/**
 * Postbacks: each status change of an order an app placed is POSTed as JSON to the app's
 * postback URL with `checksum` = SHA-256(order_id + order_timestamp + api_secret). A refused
 * or failed delivery is retried with doubling waits (1 s up to 5 min) for an hour; nothing
 * here runs on the order's path (deliveries start after commit, from the bus).
 */
import type { Clock } from '../../platform/clock.ts';
import type { AppRow } from './apps.ts';
import { postbackChecksum } from './wire.ts';

const HOUR_MS = 60 * 60_000;
const MAX_WAIT_MS = 5 * 60_000;

export type KiteOrderView = { order_id: string; order_timestamp: string | null } & Record<
  string,
  unknown
>;

type Deps = {
  clock: Clock;
  secretOf: (app: AppRow) => string;
  log?: ((message: string, error?: unknown) => void) | undefined;
};

export function createPostbacks({ clock, secretOf, log }: Deps) {
  const timers = new Set<NodeJS.Timeout>();
  let closed = false;

  async function attempt(url: string, body: string) {
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
        signal: AbortSignal.timeout(10_000),
      });
      return response.ok;
    } catch {
      return false;
    }
  }

  function deliver(app: AppRow, order: KiteOrderView, userId: string) {
    if (!app.postbackUrl || closed) return;
    const url = app.postbackUrl;
    const body = JSON.stringify({
      ...order,
      user_id: userId,
      app_id: app.apiKey,
      unfilled_quantity: order.pending_quantity ?? 0,
      checksum: postbackChecksum(order.order_id, order.order_timestamp ?? '', secretOf(app)),
    });
    const until = clock.now().getTime() + HOUR_MS;
    const run = async (wait: number) => {
      if (closed) return;
      if (await attempt(url, body)) return;
      if (clock.now().getTime() + wait > until) {
        log?.(`postback to ${url} for order ${order.order_id} given up after an hour`);
        return;
      }
      const timer = setTimeout(() => {
        timers.delete(timer);
        void run(Math.min(wait * 2, MAX_WAIT_MS));
      }, wait);
      timer.unref();
      timers.add(timer);
    };
    void run(1000);
  }

  return {
    deliver,
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
    },
  };
}
export type Postbacks = ReturnType<typeof createPostbacks>;
