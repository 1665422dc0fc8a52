/** The retention rule alone: what is kept, in what order, and never more than there is. */
import { describe, expect, it } from 'vitest';
import { noticeText } from './notice.ts';
import { retention } from './retention.ts';

const none = { openOrders: 0n, pendingWithdrawals: 0n, loanDues: 0n, unsettledSales: 0n };

describe('retention', () => {
  it('pays all of an idle balance', () => {
    expect(retention({ available: 1_000_00n, onHold: 0n }, none)).toEqual({
      retained: [],
      keptFromAvailable: 0n,
      payout: 1_000_00n,
    });
  });

  it('reports holds without taking them from the payout, and keeps loan dues and unsettled sales', () => {
    const r = retention(
      { available: 10_000_00n, onHold: 3_000_00n },
      {
        openOrders: 2_000_00n,
        pendingWithdrawals: 1_000_00n,
        loanDues: 1_500_00n,
        unsettledSales: 2_500_00n,
      },
    );
    expect(r.retained).toEqual([
      { kind: 'open_orders', amount: 2_000_00n },
      { kind: 'pending_withdrawals', amount: 1_000_00n },
      { kind: 'loan_dues', amount: 1_500_00n },
      { kind: 'unsettled_sales', amount: 2_500_00n },
    ]);
    expect(r.payout).toBe(6_000_00n);
  });

  it('keeps no more than is available, and never pays below zero', () => {
    const r = retention(
      { available: 1_000_00n, onHold: 0n },
      { ...none, loanDues: 800_00n, unsettledSales: 900_00n },
    );
    expect(r.retained).toEqual([
      { kind: 'loan_dues', amount: 800_00n },
      { kind: 'unsettled_sales', amount: 200_00n },
    ]);
    expect(r.payout).toBe(0n);
    expect(retention({ available: 0n, onHold: 0n }, { ...none, loanDues: 5n }).payout).toBe(0n);
  });
});

describe('the client’s notice', () => {
  it('says what was held, why, what was paid, and when with its zone', () => {
    const { subject, body } = noticeText({
      settlementDate: '2026-10-01',
      settledAt: new Date('2026-10-01T12:30:00Z'),
      balance: 25_000_00n,
      retained: [{ kind: 'open_orders', amount: 5_000_00n }],
      paid: 20_000_00n,
      bankAccount: 'SBI XXXX9012',
    });
    expect(subject).toBe('Running-account settlement of 2026-10-01: ₹20,000.00 paid');
    expect(body).toContain('at 2026-10-01 18:00:00 IST (Asia/Kolkata)');
    expect(body).toContain('On hold for your open orders: ₹5,000.00');
    expect(body).toContain('Paid to your bank account SBI XXXX9012: ₹20,000.00');
  });
});
