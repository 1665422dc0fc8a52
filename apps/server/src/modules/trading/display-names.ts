import type { Db, Executor } from '../../db/client.ts';
import type { Market } from '../market/service.ts';
import type { Ipos } from './ipos.ts';

/** Display names: the market's instruments, then IPOs not listed yet. */
export async function displayNames(
  deps: { db: Db; market: Market; ipos: Pick<Ipos, 'namesOfIpos'> },
  symbols: string[],
  executor: Executor = deps.db,
) {
  const names = new Map<string, string>();
  const missing: string[] = [];
  for (const s of symbols) {
    const instrument = deps.market.engine.instrument(s);
    if (instrument) names.set(s, instrument.name);
    else missing.push(s);
  }
  for (const [symbol, row] of await deps.ipos.namesOfIpos(missing, executor))
    names.set(symbol, row.name);
  return names;
}
