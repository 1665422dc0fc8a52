/** The client's files that name them: the holdings export and the tax P&L. */
import type { ClientService } from '../clients/service.ts';
import type { Market } from '../market/service.ts';
import type { Portfolio } from './portfolio.ts';
import type { TaxPnl } from './tax-pnl.ts';

/** The holdings export's rows: the portfolio's holdings with their ISINs, and whose they are. */
export async function holdingsExport(
  deps: { clients: ClientService; market: Market; portfolio: Pick<Portfolio, 'holdingsOf'> },
  clientId: string,
) {
  const [client, list] = await Promise.all([
    deps.clients.byId(clientId),
    deps.portfolio.holdingsOf(clientId),
  ]);
  return {
    owner: { name: client.name ?? '', uid: client.uid },
    holdings: list.map((h) => ({
      ...h,
      isin: deps.market.engine.instrument(h.symbol)?.isin ?? null,
    })),
  };
}

/** The tax P&L of a financial year, and whose it is (the files name the client). */
export async function taxReport(
  deps: { clients: ClientService; taxPnl: Pick<TaxPnl, 'report'> },
  clientId: string,
  year?: number,
) {
  const [client, report] = await Promise.all([
    deps.clients.byId(clientId),
    deps.taxPnl.report(clientId, year),
  ]);
  return { owner: { name: client.name ?? '', uid: client.uid }, report };
}
