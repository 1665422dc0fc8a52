import { transitionChannel } from '../../platform/transitions.ts';
import { ORDER_PLACED_CHANNEL } from '../trading/service.ts';
import type { EngagementDeps } from './engagement-deps.ts';
import { reasonOf, SWEEP_EVERY_MS, WATCHED } from './recompute-policy.ts';
import { recompute, sweep } from './recompute.ts';

/**
 * Listens for the events that change a client's standing. Every instance listens (with
 * Redis each hears every event): the status row's lock and the achievements' primary key
 * make the repeats harmless. Returns the stop, for the server's shutdown: no event heard and
 * no computation started after it (what was left is marked stale for the next start's sweep).
 */
export function listenForEvents(deps: EngagementDeps): () => void {
  const { bus, log } = deps;
  if (!bus) return () => deps.computations.stop();
  const offs = WATCHED.map((name) =>
    bus.subscribe(transitionChannel(name), (message) => {
      const event = JSON.parse(message) as { clientId?: string; action: string; to: string };
      // Failures are logged by the queue; the event's sender does not wait for it.
      if (event.clientId)
        recompute(deps, event.clientId, reasonOf(name, event.to), { background: true }).catch(
          () => {},
        );
    }),
  );
  offs.push(
    bus.subscribe(ORDER_PLACED_CHANNEL, (message) => {
      const event = JSON.parse(message) as { clientId: string; type: string };
      if (event.type === 'ipo')
        recompute(deps, event.clientId, 'IPO bid placed', { background: true }).catch(() => {});
    }),
  );
  // What a crash or a lost message left: all of it now, then whatever lingers.
  const swept = (all: boolean) =>
    sweep(deps, all).catch((error) => log('engagement sweep failed', error));
  void swept(true);
  const timer = setInterval(() => void swept(false), SWEEP_EVERY_MS);
  timer.unref?.();
  offs.push(() => clearInterval(timer));
  offs.push(() => deps.computations.stop());
  return () => offs.forEach((off) => off());
}
