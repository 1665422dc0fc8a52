/** Instalments paid on time or late, for the trust score: a client who repaid late. */
import { describe, expect, it } from 'vitest';
import { buildSchedule, periodsFrom } from './interest.ts';
import { punctualityOf } from './punctuality.ts';

const schedule = buildSchedule({
  principal: 12_000_000n,
  rateBps: 1_200,
  periods: periodsFrom('2026-01-10', 6),
  repayment: 'emi',
}).instalments;
const emi = schedule[0]!.amount;

describe('instalments paid on time', () => {
  it('a client who paid each EMI on its due date has every due instalment on time', () => {
    const paid = schedule.slice(0, 3).map((i) => ({ day: i.dueDate, amount: i.amount }));
    expect(punctualityOf(schedule, paid, schedule[2]!.dueDate, null)).toEqual({
      due: 3,
      onTime: 3,
      late: 0,
    });
  });

  it('a client who repaid late: the second EMI paid five days after it fell due counts late', () => {
    const paid = [
      { day: schedule[0]!.dueDate, amount: emi },
      { day: '2026-03-15', amount: emi }, // due 2026-03-10
      { day: schedule[2]!.dueDate, amount: emi },
    ];
    expect(punctualityOf(schedule, paid, schedule[2]!.dueDate, null)).toEqual({
      due: 3,
      onTime: 2,
      late: 1,
    });
  });

  it('instalments not yet due are not counted; a loan closed early owes none after closing', () => {
    expect(punctualityOf(schedule, [], '2026-01-09', null).due).toBe(0);
    const closed = punctualityOf(
      schedule,
      [{ day: '2026-02-01', amount: 13_000_000n }],
      '2026-12-31',
      '2026-02-01',
    );
    expect(closed).toEqual({ due: 6, onTime: 6, late: 0 });
  });
});
