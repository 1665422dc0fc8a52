import type { Market, MarketService } from '../market/service.ts';
import type { TokenTable } from './instrument-tokens.ts';

export type MarketPorts = {
  engine: Market['engine'];
  chartBetween: MarketService['chartBetween'];
};

/** The market's ports and its instrument tokens (rebuilt when the universe changes). */
export type MarketReads = MarketPorts & { tokens: () => TokenTable };

export const rupees = (paise: number) => paise / 100;
