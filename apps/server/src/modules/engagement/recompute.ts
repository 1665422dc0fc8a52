/** Asking for computations: one client, every client, the clients left marked stale. */
import { asc, lt } from 'drizzle-orm';
import type { EngagementDeps } from './engagement-deps.ts';
import { STALE_AFTER_MS } from './recompute-policy.ts';
import { engagementDue } from './tables.ts';

/**
 * Recomputes one client's standing: the promise is of a computation that starts after this
 * call (so it reads what the caller just changed), shared with the client's other events
 * that arrive before it starts; one already running for the client is followed, not joined.
 */
export function recompute(
  deps: Pick<EngagementDeps, 'computations'>,
  clientId: string,
  reason = 'Recomputed',
  options: { background?: boolean } = {},
) {
  return deps.computations.request(clientId, reason, options);
}

/**
 * Every client, one at a time (the nightly pass, and after the tiers change): it takes one
 * of the queue's slots, so the events' computations keep the others meanwhile.
 */
export async function recomputeAll(
  deps: Pick<EngagementDeps, 'computations' | 'ports'>,
  reason: string,
) {
  let done = 0;
  for (const id of await deps.ports.allClientIds()) {
    try {
      await recompute(deps, id, reason, { background: true });
      done++;
    } catch {
      // Logged by the queue; the pass goes on to the next client.
    }
  }
  return done;
}

/**
 * Computes the clients marked stale whose marks no computation has cleared: every mark when
 * `all` (an instance starting: what a crash left), else those untouched for STALE_AFTER_MS.
 * Answers when those computations are done; how many clients it asked for.
 */
export async function sweep(
  deps: Pick<EngagementDeps, 'computations' | 'db' | 'clock'>,
  all = false,
): Promise<number> {
  const cutoff = new Date(deps.clock.now().getTime() - STALE_AFTER_MS);
  const rows = await deps.db
    .select({ clientId: engagementDue.clientId, reasons: engagementDue.reasons })
    .from(engagementDue)
    .where(all ? undefined : lt(engagementDue.askedAt, cutoff))
    .orderBy(asc(engagementDue.askedAt))
    .limit(500);
  await Promise.allSettled(
    rows.flatMap((row) =>
      row.reasons.map((reason) => recompute(deps, row.clientId, reason, { background: true })),
    ),
  );
  return rows.length;
}
