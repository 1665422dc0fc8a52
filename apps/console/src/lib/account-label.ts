import { humanise } from './format';

/** Ledger account names as operations read them. */
const ACCOUNT_LABELS: Record<string, string> = {
  cash_available: 'Cash available',
  cash_on_hold: 'Cash on hold',
  loan_principal: 'Loan principal',
  bank_clearing: 'Bank clearing (firm)',
  fees: 'Fees (firm)',
  taxes: 'Taxes (firm)',
  ipo_escrow: 'IPO escrow (firm)',
  loans: 'Loans (firm)',
  interest_income: 'Interest income (firm)',
  loan_losses: 'Loan losses (firm)',
  trade_settlement: 'Trade settlement (firm)',
};
export const accountLabel = (account: string) => ACCOUNT_LABELS[account] ?? humanise(account);
