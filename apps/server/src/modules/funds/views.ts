/** Rows to the API's views (packages/shared/src/funds.ts). Paise leave as whole JSON numbers. */
import {
  paiseNumber,
  type TBankCard,
  type TConsoleDeposit,
  type TConsoleWithdrawal,
  type TDepositMethod,
  type TDepositStatus,
  type TDepositView,
  type TNoticeBank,
  type TWithdrawalStatus,
  type TWithdrawalView,
} from '@sampada/shared';
import type { BankCardRow } from './bank-cards.ts';
import type { DepositRow } from './deposit-deps.ts';
import type { WithdrawalRow } from './withdrawal-deps.ts';

export const maskAccountNumber = (last4: string) => `XXXXXX${last4}`;
/**
 * The client's account as a notice or a memo names it: the bank (the IFSC when the client gave
 * no name) and the last four digits, never the number.
 */
export const bankNamed = (card: BankCardRow): TNoticeBank => ({
  name: card.bankName ?? card.ifsc,
  last4: card.accountNoLast4,
});
const iso = (date: Date | null) => (date ? date.toISOString() : null);

export const bankCardView = (row: BankCardRow): TBankCard => ({
  id: row.id,
  holder_name: row.holderName,
  account_number: maskAccountNumber(row.accountNoLast4),
  account_last4: row.accountNoLast4,
  ifsc: row.ifsc,
  bank_name: row.bankName,
  created_at: row.createdAt.toISOString(),
});

export const depositView = (row: DepositRow, receiptUrl: string | null): TDepositView => ({
  id: row.id,
  amount_paise: paiseNumber(row.amount),
  method: row.method as TDepositMethod,
  utr: row.utr,
  receipt_url: receiptUrl,
  status: row.status as TDepositStatus,
  reason: row.reason,
  posting_id: row.postingId === null ? null : String(row.postingId),
  created_at: row.createdAt.toISOString(),
  decided_at: iso(row.decidedAt),
});

export function withdrawalView(row: WithdrawalRow, card: BankCardRow): TWithdrawalView {
  const { id, holder_name, account_number, account_last4, ifsc, bank_name } = bankCardView(card);
  return {
    id: row.id,
    amount_paise: paiseNumber(row.amount),
    bank_card: { id, holder_name, account_number, account_last4, ifsc, bank_name },
    status: row.status as TWithdrawalStatus,
    reason: row.reason,
    bank_reference: row.bankReference,
    created_at: row.createdAt.toISOString(),
    decided_at: iso(row.decidedAt),
  };
}

type ClientColumns = {
  clientUid: string;
  clientName: string | null;
  clientMobile: string;
  decidedBy: string | null;
};

const clientRef = (listed: ClientColumns & { row: { clientId: string } }) => ({
  id: listed.row.clientId,
  uid: listed.clientUid,
  name: listed.clientName,
  mobile: listed.clientMobile,
});

export const consoleDepositView = (
  listed: ClientColumns & { row: DepositRow },
  receiptUrl: string | null,
): TConsoleDeposit => ({
  ...depositView(listed.row, receiptUrl),
  client: clientRef(listed),
  decided_by: listed.decidedBy,
});

export const consoleWithdrawalView = (
  listed: ClientColumns & { row: WithdrawalRow },
  card: BankCardRow,
  accountNumber: string,
): TConsoleWithdrawal => ({
  ...withdrawalView(listed.row, card),
  client: clientRef(listed),
  payout_account_number: accountNumber,
  decided_by: listed.decidedBy,
});
