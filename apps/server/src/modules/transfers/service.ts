/**
 * Shares transferred in from another broker (docs/transfers-in.md, decision 060): the client's
 * requests, operations' decisions. The lots reach the holdings through trading.
 */
import type { TConsoleTransferIn, TTransferIn } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import type { Actor } from '../../platform/audit.ts';
import type { Clock } from '../../platform/clock.ts';
import type { TransitionEvents } from '../../platform/transitions.ts';
import type { ClientService } from '../clients/service.ts';
import type { TradingService } from '../trading/service.ts';
import { confirmTransferIn, rejectTransferIn } from './decide-transfer-in.ts';
import { requestTransferIn } from './request-transfer-in.ts';
import type { KnownScrip } from './tradebook-file.ts';
import { transferViews, transferWhere } from './transfer-views.ts';

type Listed = { symbol: string; isin: string | null };
type ClientRef = { uid: string; name: string | null; mobile: string };

const clientRefOf = (ref: ClientRef | undefined) => ({
  uid: ref?.uid ?? '',
  name: ref?.name ?? null,
  mobile: ref?.mobile ?? '',
});

/** A tradebook line's scrip as Sampada lists it: by symbol, else by ISIN; both must agree. */
export function knownScripOf(listed: readonly Listed[]): KnownScrip {
  const symbols = new Map(listed.map((i) => [i.symbol, i]));
  const isins = new Map(listed.flatMap((i) => (i.isin ? [[i.isin, i] as const] : [])));
  return ({ symbol, isin }) => {
    const bySymbol = symbols.get(symbol);
    const byIsin = isin ? isins.get(isin) : undefined;
    if (!bySymbol && !byIsin)
      return {
        problem: `symbol ${symbol || '(empty)'} / ISIN ${isin || '(empty)'} is not an instrument Sampada lists`,
      };
    if (bySymbol && isin && bySymbol.isin && bySymbol.isin !== isin)
      return { problem: `ISIN ${isin} is not ${symbol}'s (${bySymbol.isin})` };
    const scrip = bySymbol ?? byIsin!;
    return { symbol: scrip.symbol, isin: scrip.isin };
  };
}

export function createTransferService(deps: {
  db: Db;
  clock: Clock;
  trading: Pick<TradingService, 'creditTransferredLots'>;
  clients: Pick<ClientService, 'refsOf'>;
  listed: () => readonly Listed[];
  events?: TransitionEvents;
}) {
  const { db, clock } = deps;
  return {
    request: (clientId: string, fileName: string, bytes: Buffer) =>
      requestTransferIn(
        { db, clock, known: knownScripOf(deps.listed()) },
        { clientId, fileName, bytes },
      ),
    listOfClient: (clientId: string): Promise<TTransferIn[]> =>
      transferViews(db, transferWhere.ofClient(clientId)),
    /** The console's list: each request with its client's UID, name and mobile. */
    async list(status?: TTransferIn['status']): Promise<TConsoleTransferIn[]> {
      const views = await transferViews(db, transferWhere.withStatus(status));
      const refs = await deps.clients.refsOf(views.map((v) => v.client_id));
      return views.map((v) => ({ ...v, client: clientRefOf(refs.get(v.client_id)) }));
    },
    confirm: (id: string, staffId: string, actor: Actor) =>
      confirmTransferIn(deps, { id, staffId, actor }),
    reject: (id: string, staffId: string, reason: string, actor: Actor) =>
      rejectTransferIn(deps, { id, staffId, reason, actor }),
  };
}
export type TransferService = ReturnType<typeof createTransferService>;
