import { istMinuteOfDay } from '@sampada/shared';
import { istDateOf } from '../../platform/ist.ts';
import type { EngagementDeps } from './engagement-deps.ts';
import { recompute, recomputeAll } from './recompute.ts';
import { engagementStatus } from './tables.ts';

/** Clients never computed (an install from before engagement, the seeded demo client). */
async function computeTheUncomputed(deps: EngagementDeps, stopped: () => boolean) {
  const computed = new Set(
    (await deps.db.select({ id: engagementStatus.clientId }).from(engagementStatus)).map(
      (r) => r.id,
    ),
  );
  for (const id of await deps.ports.allClientIds())
    if (!computed.has(id) && !stopped())
      // Logged by the queue.
      await recompute(deps, id, 'First computation', { background: true }).catch(() => {});
}

/**
 * The leader's nightly pass: after the market closes (16:00 IST), every client not yet
 * computed since then is recomputed, so that day's snapshot is its close and time-based
 * parts (account age, the 30-day window) move. Checks every `everyMs`; returns the stop.
 */
export function startNightlyPass(deps: EngagementDeps, everyMs: number) {
  const { clock, log } = deps;
  let current: Promise<unknown> | null = null;
  let lastRunDay: string | null = null;
  let stopped = false;
  const tick = () => {
    const now = clock.now();
    const istMinutes = istMinuteOfDay(now);
    const today = istDateOf(now);
    // A pass already running (the first computation) puts this one off to the next tick.
    if (stopped || current || istMinutes < 16 * 60 || lastRunDay === today) return;
    lastRunDay = today;
    current = recomputeAll(deps, 'Nightly recomputation')
      .catch((error) => log('nightly engagement failed', error))
      .finally(() => {
        current = null;
      });
  };
  // Clients never computed get their standing at once, not at the next evening's pass; the
  // day's pass follows.
  current = computeTheUncomputed(deps, () => stopped)
    .catch((error) => log('engagement first computation failed', error))
    .finally(() => {
      current = null;
      tick();
    });
  const timer = setInterval(tick, everyMs);
  return async () => {
    stopped = true;
    clearInterval(timer);
    while (current) await current;
  };
}
