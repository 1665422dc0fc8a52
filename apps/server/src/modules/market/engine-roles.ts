/** Leading (stepping the feed and flushing on timers) and following (mirroring the leader). */
import { type RebaseMessage, REBASE_CHANNEL, STATES_CHANNEL } from './engine-channels.ts';
import { rebase } from './engine-rebase.ts';
import { type EngineDeps, type EngineState, notify } from './engine-state.ts';
import { flush, step } from './engine-step.ts';
import type { QuoteState } from './model.ts';

const guarded = (deps: EngineDeps, what: string, run: () => unknown) => () => {
  try {
    const result = run();
    if (result instanceof Promise) result.catch((error) => deps.log?.(what, error));
  } catch (error) {
    deps.log?.(what, error);
  }
};

/** The leader: steps the feed and flushes on timers. */
export function lead(deps: EngineDeps, st: EngineState) {
  const { bus, clock } = deps;
  st.leading = true;
  st.stopRebases = bus.subscribe(REBASE_CHANNEL, (message) => {
    const r = JSON.parse(message) as RebaseMessage & { before: string };
    rebase(deps, st, { ...r, before: new Date(r.before) });
  });
  st.timers.push(
    setInterval(
      guarded(deps, 'market step failed', () => step(deps, st, clock.now())),
      deps.stepMs,
    ),
  );
  st.timers.push(
    setInterval(
      guarded(deps, 'market flush failed', () => flush(deps, st)),
      deps.flushMs,
    ),
  );
}

/** A follower: mirrors the leader's states from the bus. */
export function follow({ bus }: Pick<EngineDeps, 'bus'>, st: EngineState) {
  st.following = true;
  const off = bus.subscribe(STATES_CHANNEL, (message) => {
    const incoming = JSON.parse(message) as (QuoteState & {
      updatedAt: string;
      rebased?: true;
    })[];
    for (const { rebased, ...s } of incoming) {
      const current = st.states.get(s.symbol);
      if (!current) continue;
      // A re-based state replaces the range; otherwise the widest range seen holds.
      Object.assign(current, s, {
        updatedAt: new Date(s.updatedAt),
        week52High: rebased ? s.week52High : Math.max(current.week52High, s.week52High),
        week52Low: rebased ? s.week52Low : Math.min(current.week52Low, s.week52Low),
      });
    }
    notify(
      st,
      incoming.map((s) => s.symbol),
    );
  });
  return () => {
    st.following = false;
    off();
  };
}
