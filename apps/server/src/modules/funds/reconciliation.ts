import { FIRM_ACCOUNTS, paiseNumber, type TReconciliation } from '@sampada/shared';
import type { Clock } from '../../platform/clock.ts';
import type { LedgerService } from '../ledger/service.ts';

/** The ledger check with the firm's balances and what clients hold. */
export async function reconciliation(deps: {
  clock: Clock;
  ledger: LedgerService;
}): Promise<TReconciliation> {
  const { clock, ledger } = deps;
  const checkedAt = clock.now();
  const [check, firm, available, onHold] = await Promise.all([
    ledger.check(),
    ledger.firmBalances(),
    ledger.clientTotal('cash_available'),
    ledger.clientTotal('cash_on_hold'),
  ]);
  return {
    ok: check.ok,
    checked_at: checkedAt.toISOString(),
    counts: check.counts,
    discrepancies: check.discrepancies,
    firm_accounts: FIRM_ACCOUNTS.map((account) => ({
      account,
      balance_paise: paiseNumber(firm[account]),
    })),
    client_totals: {
      cash_available_paise: paiseNumber(available),
      cash_on_hold_paise: paiseNumber(onHold),
    },
  };
}
