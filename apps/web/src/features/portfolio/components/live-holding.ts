import { percentage, rupeesToPaise, type THolding } from '@sampada/shared';

/** A holding with its figures moved to the live price (the server's are as of the fetch). */
export interface TLiveHolding extends THolding {
  live_price_paise: number;
}

/**
 * Lays a live price over a holding: value, unrealised and day's P&L move by the quantity
 * times the price's move since the server computed them. An unlisted IPO keeps its issue price.
 */
export function withLivePrice(holding: THolding, livePrice: number | undefined): TLiveHolding {
  if (!holding.listed || livePrice === undefined)
    return { ...holding, live_price_paise: holding.price_paise };
  const price = Number(rupeesToPaise(livePrice));
  const move = holding.quantity * (price - holding.price_paise);
  const unrealised = holding.unrealised_pnl_paise + move;
  return {
    ...holding,
    live_price_paise: price,
    current_value_paise: holding.current_value_paise + move,
    unrealised_pnl_paise: unrealised,
    unrealised_pnl_pct:
      holding.invested_paise > 0 ? percentage(unrealised, holding.invested_paise) : 0,
    day_pnl_paise: holding.day_pnl_paise + move,
  };
}
