import type { Db } from '../../db/client.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Market } from '../market/service.ts';
import type { Ipos } from './ipos.ts';

export type PortfolioDeps = { db: Db; clock: Clock; market: Market; ipos: Ipos };
