/**
 * The statement of funds of a period, put together from its three owners: the ledger's lines
 * and balances (funds), the period's fills with their charges as their contract notes state
 * them (trading), and the nominees on record (nominees). The e-mailed statement and the one
 * downloaded in the app are both this one.
 */
import { dayRange } from '../../platform/ist.ts';
import type { FundsService, StatementData, StatementTrade } from '../funds/service.ts';
import type { NomineeService } from '../nominees/service.ts';
import type { TradingService } from '../trading/service.ts';

export type FundsStatementDeps = {
  funds: FundsService;
  trading: TradingService;
  nominees: NomineeService;
};

export async function fundsStatement(
  deps: FundsStatementDeps,
  clientId: string,
  period: { from: string; to: string },
  generatedAt: Date,
): Promise<StatementData> {
  const { start, end } = dayRange(period.from, period.to);
  const [ledger, notes, nominees] = await Promise.all([
    deps.funds.records.statement(clientId, period.from, period.to, generatedAt),
    deps.trading.contractNotes.ofClientBetween(clientId, start!, end!),
    deps.nominees.of(clientId),
  ]);
  const trades: StatementTrade[] = notes.map((note) => ({
    contract_note_no: note.contract_note_no,
    executed_at: note.executed_at,
    side: note.side,
    symbol: note.symbol,
    quantity: note.quantity,
    price_paise: note.price_paise,
    value_paise: note.value_paise,
    charges: note.charges,
    posting_id: note.posting_id,
  }));
  return { ...ledger, trades, nominees };
}
