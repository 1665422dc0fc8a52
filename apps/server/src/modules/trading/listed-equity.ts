/** What offerings read of the market: a listed NSE equity, and how a symbol is shown. */
import { TM } from '@sampada/shared';
import { badRequest } from '../../platform/errors.ts';
import type { Market } from '../market/service.ts';
import type { InstrumentInfo } from './views.ts';

export function createListedEquity(market: Market) {
  const { engine } = market;
  return {
    /** Name, sector and last price for a view; the symbol itself when the market lacks it. */
    info(symbol: string): InstrumentInfo {
      const instrument = engine.instrument(symbol);
      const state = engine.state(symbol);
      return {
        name: instrument?.name ?? symbol,
        sector: instrument?.sector ?? null,
        pricePaise: state ? BigInt(state.last) : null,
      };
    },

    /** A listed NSE equity with a live state, or the unknown-symbol refusal. */
    listed(symbol: string) {
      const instrument = engine.instrument(symbol);
      const state = engine.state(symbol);
      if (!instrument || instrument.market !== 'NSE' || !state) throw badRequest(TM.symbolUnknown);
      return { instrument, state };
    },
  };
}
export type ListedEquity = ReturnType<typeof createListedEquity>;
