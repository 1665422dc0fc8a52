/**
 * The e-mail a client gets when their running account is settled: what was held and why,
 * what was paid and where, the date and time with its zone (IST). The app shows the same
 * statement (ZRetentionStatement); this is its text.
 */
import { formatPaise, istWallTime, RETENTION_LABELS, type TRetentionKind } from '@sampada/shared';

export type Notice = {
  settlementDate: string;
  settledAt: Date;
  balance: bigint;
  retained: { kind: TRetentionKind; amount: bigint }[];
  paid: bigint;
  bankAccount: string | null;
};

export function noticeText(n: Notice): { subject: string; body: string } {
  const kept = n.retained.reduce((sum, r) => sum + r.amount, 0n);
  const lines = [
    `Your running account was settled for ${n.settlementDate}, at ${istWallTime(n.settledAt)} IST (Asia/Kolkata).`,
    '',
    `Balance with us: ${formatPaise(n.balance)}`,
    ...(n.retained.length
      ? [
          `Kept for your obligations: ${formatPaise(kept)}`,
          ...n.retained.map((r) => `  - ${RETENTION_LABELS[r.kind]}: ${formatPaise(r.amount)}`),
        ]
      : ['Kept for your obligations: nothing']),
    n.paid > 0n
      ? `Paid to your bank account ${n.bankAccount}: ${formatPaise(n.paid)}`
      : n.bankAccount === null && n.retained.length === 0
        ? 'Nothing was paid: add a bank account in the app to receive settlements.'
        : 'Nothing was paid: no idle balance remained after your obligations.',
    '',
    'SEBI requires brokers to return clients’ idle funds on each settlement date. You can',
    'choose quarterly or monthly settlement in the app (Funds › Settlement).',
  ];
  return {
    subject: `Running-account settlement of ${n.settlementDate}: ${formatPaise(n.paid)} paid`,
    body: lines.join('\n'),
  };
}
