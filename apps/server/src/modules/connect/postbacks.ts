/**
 * Postbacks: each status change of an order an app placed is POSTed as JSON to the app's
 * postback URL with `checksum` = SHA-256(order_id + order_timestamp + api_secret). Nothing here
 * runs on the order's path: order-updates.ts claims the event after the commit (from the bus)
 * and the first attempt goes at once. A refused or failed one is retried with doubling waits
 * (postback-backoff.ts) for an hour, by whichever instance's sweep finds it due: the row in
 * `connect_postbacks` is a leased outbox (platform/outbox.ts, decision 042), so retries outlive
 * the instance that made the first attempt.
 */
import { everyPass } from '../../platform/outbox.ts';
import type { AppRow } from './apps.ts';
import { claimPostback } from './claim-postback.ts';
import { attemptPostback, sweepPostbacks } from './postback-attempts.ts';
import type { KiteOrderView, PostbackDeps, PostbackState } from './postback-deps.ts';
import type { PostbackRow } from './tables.ts';

export { type KiteOrderView, POSTBACK_STEPS, type PostbackStatus } from './postback-deps.ts';

/** Every instance sweeps this often: the first wait is 1 s, so a retry is at most ~1 s late. */
export const POSTBACK_SWEEP_MS = 1000;

export function createPostbacks(deps: PostbackDeps) {
  const { log } = deps;
  const state: PostbackState = { inFlight: new Set(), firsts: new Set(), closed: false };
  const sweep = () => sweepPostbacks(deps, state);

  return {
    /**
     * Every instance on the bus hears an order event; the one whose row goes in delivers its
     * postback. Answers the claimed row, or null when another instance has it.
     */
    claim: (app: AppRow, order: KiteOrderView, userId: string): Promise<PostbackRow | null> =>
      claimPostback(deps, app, order, userId),

    /** The first attempt of a claimed row, at once; failures go to the sweeps. */
    sendNow(row: PostbackRow, app: AppRow) {
      if (state.closed) return;
      const first = attemptPostback(deps, state, row, app)
        .catch((error: unknown) => log?.('postback failed to record', error))
        .finally(() => state.firsts.delete(first));
      state.firsts.add(first);
    },

    sweep,

    /** This instance's sweeps, every `everyMs`. Answers their stop. */
    startSweeps(everyMs = POSTBACK_SWEEP_MS) {
      return everyPass(everyMs, sweep, (m, e) => log?.(m, e), 'postback sweep');
    },

    /** Stops sending: attempts in flight are aborted and their rows left to the lease. */
    async close() {
      state.closed = true;
      for (const abort of state.inFlight) abort.abort();
      await Promise.all(state.firsts);
    },
  };
}
export type Postbacks = ReturnType<typeof createPostbacks>;
