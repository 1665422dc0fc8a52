/**
 * What a foreclosure posts before the repayment: the cooling-off exit's waiver of penal
 * charges, and outside it the foreclosure charge and its GST as fees due.
 */
import { and, eq } from 'drizzle-orm';
import { formatBps, formatPaise } from '@sampada/shared';
import type { Tx } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { firmAccount, type PostingLine } from '../ledger/service.ts';
import type { ClosureDeps } from './closure-deps.ts';
import type { ForeclosureChargeDue } from './foreclosure-charge.ts';
import { loans } from './tables.ts';
import type { LoanRow } from './views.ts';

/** Penal charges a cooling-off exit does not ask for: the firm's fees give back the claim. */
export async function waiveCoolingOffPenal(
  deps: ClosureDeps,
  tx: Tx,
  row: LoanRow,
  amount: bigint,
  actor: Actor,
) {
  if (amount <= 0n) return row;
  await deps.ledger.transfer(tx, {
    kind: 'loan_penal_waiver',
    clientId: row.clientId,
    memo: `Penal charges ${formatPaise(amount)} waived: exit in the cooling-off period`,
    reference: `loan:${row.id}`,
    idempotencyKey: `loan:${row.id}:cooling_off_waiver`,
    from: firmAccount('fees'),
    to: firmAccount('loans'),
    amount,
  });
  const [after] = await tx
    .update(loans)
    .set({ feesDuePaise: row.feesDuePaise - amount, updatedAt: deps.clock.now() })
    .where(and(eq(loans.id, row.id), eq(loans.feesDuePaise, row.feesDuePaise)))
    .returning();
  await recordAudit(tx, actor, {
    action: 'loan.penal_waive',
    subjectType: 'loan',
    subjectId: row.id,
    after: { clientId: row.clientId, waivedPaise: amount.toString(), reason: 'cooling_off' },
  });
  return after!;
}

/**
 * The foreclosure charge and its GST become fees due, as a penal charge does (firm loans,
 * the claim grows by both ← fees income for the charge, taxes for the GST, one posting, as
 * the disbursal splits the processing fee), so the repayment that follows pays them first
 * with the rest.
 */
export async function postForeclosureCharge(
  deps: ClosureDeps,
  tx: Tx,
  row: LoanRow,
  due: ForeclosureChargeDue,
  actor: Actor,
) {
  const { charge: amount, gst } = due;
  if (amount <= 0n) return row;
  const memo = `Foreclosure charge ${formatPaise(amount)} + GST ${formatPaise(gst)}: ${formatBps(row.foreclosureChargeBps)} of the principal outstanding ${formatPaise(row.outstandingPrincipalPaise)}`;
  const lines: PostingLine[] = [
    { account: firmAccount('loans'), amount: -(amount + gst) },
    { account: firmAccount('fees'), amount },
  ];
  if (gst > 0n) lines.push({ account: firmAccount('taxes'), amount: gst });
  const posted = await deps.ledger.post(tx, {
    kind: 'loan_foreclosure_charge',
    clientId: row.clientId,
    memo,
    reference: `loan:${row.id}`,
    idempotencyKey: `loan:${row.id}:foreclosure_charge`,
    lines,
  });
  const [after] = await tx
    .update(loans)
    .set({ feesDuePaise: row.feesDuePaise + amount + gst, updatedAt: deps.clock.now() })
    .where(and(eq(loans.id, row.id), eq(loans.feesDuePaise, row.feesDuePaise)))
    .returning();
  if (!after) throw new Error(`Loan ${row.id} moved while its foreclosure was locked`);
  await recordAudit(tx, actor, {
    action: 'loan.foreclosure_charge',
    subjectType: 'loan',
    subjectId: row.id,
    after: {
      clientId: row.clientId,
      chargePaise: amount.toString(),
      gstPaise: gst.toString(),
      chargeBps: row.foreclosureChargeBps,
      postingId: posted.postingId,
    },
  });
  return after;
}
