/**
 * The matcher: market, limit and stop-loss (SL, SL-M) orders fill against the feed's prints during the session.
 * A market order fills at the next print of its stock; a limit buy when the price is at or
 * under the limit, a limit sell at or over it, at the printed price. Quantity fills in full
 * (the simulated book is deep enough for a client's order). Clients' first buys fill together
 * in batches (decision 082), the rest each in its own transaction, several clients' at once
 * (match-orders.ts, FILL_LANES); one client's failure (a market buy the hold no longer covers)
 * undoes at most a batch, whose orders then fill alone, and touches no other order's outcome.
 * Runs on the engine's leader only; the sweep expires what outlived its session and lists IPOs
 * whose listing date has come.
 */
import { matchOrders } from './match-orders.ts';
import type { MatcherDeps } from './matcher-deps.ts';
import { sweepOrders } from './sweep-orders.ts';

export { executablePrice, stopCrossed } from './executable-price.ts';

export function createMatcher(deps: MatcherDeps) {
  const { market } = deps;
  const pendingSymbols = new Set<string>();
  let running: Promise<number> | null = null;
  let timers: NodeJS.Timeout[] = [];
  let stopListening = () => {};
  const match = (symbols?: string[]) => matchOrders(deps, symbols);
  const sweep = () => sweepOrders(deps);

  /** Coalesces the engine's notifications: one pass at a time, over every symbol that moved. */
  function schedule(symbols: string[]) {
    for (const s of symbols) pendingSymbols.add(s);
    if (running) return;
    const next = [...pendingSymbols];
    pendingSymbols.clear();
    running = match(next)
      .catch((error) => {
        deps.log?.('matching failed', error);
        return 0;
      })
      .finally(() => {
        running = null;
        if (pendingSymbols.size) schedule([]);
      });
  }

  return {
    match,
    sweep,
    /** Resolves when the pass in progress (if any) is done: tests and shutdown wait on it. */
    idle: async () => {
      while (running) await running;
    },
    start(sweepMs = 30_000) {
      stopListening = market.engine.onQuotes((symbols) => schedule(symbols));
      timers.push(
        setInterval(() => {
          sweep().catch((error) => deps.log?.('trading sweep failed', error));
        }, sweepMs),
      );
    },
    async stop() {
      stopListening();
      timers.forEach(clearInterval);
      timers = [];
      while (running) await running;
    },
  };
}
export type Matcher = ReturnType<typeof createMatcher>;
