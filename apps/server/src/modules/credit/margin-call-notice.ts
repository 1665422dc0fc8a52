/** What the client is told about a margin call: the loan's event and the same words by e-mail. */
import { formatBps, type TNoticeDetail } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { type InvocationInput, type PlannedSale, saleTarget } from './invocation.ts';
import { recordLoanEvent } from './lifecycle.ts';
import type { MarginCallDeps } from './margin-call-deps.ts';
import { type NoticeFact, noticeHtml } from './notice-html.ts';
import { type LoanRow, paiseNumber } from './views.ts';

export const pct = (bps: number | null) => (bps === null ? '—' : formatBps(bps));

/**
 * An invocation's notice (decision 056): each line put up for sale at the price the plan used,
 * and what the sale is to recover — its target, never more than the loan owes.
 */
export function saleNotice(plan: PlannedSale[], pledged: InvocationInput): TNoticeDetail {
  const target = saleTarget(pledged);
  return {
    type: 'pledge_sale',
    sold: plan.map((s) => ({
      symbol: s.symbol,
      quantity: s.quantity,
      value_paise: paiseNumber(s.valuePaise),
    })),
    recover_paise: paiseNumber(target < pledged.debtPaise ? target : pledged.debtPaise),
  };
}

/** The loan's event and the e-mail say the same words; the e-mail's HTML sets out `facts`. */
export async function tellClient(
  deps: Pick<MarginCallDeps, 'clock' | 'notify'>,
  tx: Tx,
  row: LoanRow,
  notice: {
    kind: string;
    message: string;
    subject: string;
    facts?: NoticeFact[];
    /** The figures the bell's notice tells (decision 056). */
    told?: TNoticeDetail;
  },
  detail: object | null = null,
) {
  const { kind, message, subject, facts, told } = notice;
  await recordLoanEvent(tx, deps.clock, row.id, kind, message, detail, told ?? null);
  await deps.notify?.(tx, row.clientId, {
    purpose: `loan.${kind}`,
    subject,
    body: message,
    html: noticeHtml({ subject, message, facts }),
  });
}
