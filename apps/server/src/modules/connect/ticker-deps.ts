import type { WebSocket } from 'ws';
import type { Clock } from '../../platform/clock.ts';
import type { Market } from '../market/service.ts';
import type { KiteMarket } from './kite-market.ts';
import type { Sessions } from './sessions.ts';
import type { TickerSlots } from './ticker-slots.ts';
import type { TickMode } from './tick-packets.ts';

export const INSTRUMENTS_MAX = 3000;
export const CONNECTIONS_MAX = 3;

export type Connection = {
  /** Its slot among the app's CONNECTIONS_MAX (ticker-slots.ts). */
  id: string;
  socket: WebSocket;
  appId: string;
  clientId: string;
  modes: Map<string, TickMode>;
  ticked: boolean;
  /** The access token's SHA-256 hex and its end (the next 06:00 IST). */
  tokenHash: string;
  expiresAt: Date;
  /** Its session ended: told and closing. */
  ended: boolean;
};

export type TickerDeps = {
  engine: Market['engine'];
  market: KiteMarket;
  sessions: Sessions;
  clock: Clock;
  /** Where the app's connections are counted: across instances with Redis. */
  slots: TickerSlots;
};
