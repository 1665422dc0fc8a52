/** Firing alerts from the feed on the leader, and delivering them on every instance. */
import type { TPriceAlert } from '@sampada/shared';
import { type AlertsDeps, FIRED_CHANNEL } from './alerts-deps.ts';
import { alertView } from './alert-view.ts';
import { fireReached, symbolsWatched } from './store.ts';

/**
 * One pass over the given symbols' last prices (every watched symbol when omitted): fires
 * what they reach, then publishes each fired alert (its UPDATE has committed by then).
 */
export async function checkAlerts(
  { db, clock, bus, market: { engine } }: AlertsDeps,
  symbols?: string[],
): Promise<TPriceAlert[]> {
  const watched = new Set(await symbolsWatched(db));
  const prices = (symbols ?? [...watched])
    .filter((symbol) => watched.has(symbol))
    .flatMap((symbol) => {
      const state = engine.state(symbol);
      return state ? [{ symbol, lastPaise: BigInt(Math.round(state.last)) }] : [];
    });
  const fired = await fireReached(db, prices, clock.now());
  return fired.map((row) => {
    const alert = alertView(engine, row);
    bus.publish(FIRED_CHANNEL, JSON.stringify({ clientId: row.clientId, alert }));
    return alert;
  });
}

/**
 * Every instance hands the fired alerts it hears to its own WebSocket clients; the leader's
 * pass is the only one that fires them.
 */
export function deliverAlerts({ bus, market, log }: AlertsDeps) {
  return bus.subscribe(FIRED_CHANNEL, (message) => {
    try {
      const { clientId, alert } = JSON.parse(message) as { clientId: string; alert: TPriceAlert };
      market.live.sendToClient(clientId, { type: 'alert', alert });
    } catch (error) {
      log?.('alert delivery failed', error);
    }
  });
}

/**
 * The leader's job: after each engine step, one pass over the symbols that moved. Passes
 * never overlap here (the guarded UPDATE would make overlapping ones safe all the same).
 */
export function startAlertPasses(deps: AlertsDeps) {
  const pending = new Set<string>();
  let running: Promise<unknown> | null = null;
  const run = () => {
    if (running || pending.size === 0) return;
    const symbols = [...pending];
    pending.clear();
    running = checkAlerts(deps, symbols)
      .catch((error) => deps.log?.('price alert pass failed', error))
      .finally(() => {
        running = null;
        run();
      });
  };
  const stop = deps.market.engine.onQuotes((symbols) => {
    for (const s of symbols) pending.add(s);
    run();
  });
  return async () => {
    stop();
    while (running) await running;
  };
}
