/**
 * Property: any sequence of deposits, confirmations, rejections, cancellations, withdrawals,
 * payments and rejections keeps the ledger balanced, every balance equal to a simple model,
 * and nothing negative. Runs on the service layer over one database.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FM, MIN_DEPOSIT_PAISE, MIN_WITHDRAWAL_PAISE } from '@sampada/shared';
import { AppError } from '../../platform/errors.ts';
import { buildTestApp, ensureAdvisor, type TestApp } from '../../test/helpers.ts';
import {
  addCard,
  moneyClient,
  type MoneyClient,
  nextUtr,
  openDeposits,
  system,
} from './test-fixtures.ts';

let t: TestApp;
let people: { client: MoneyClient; cardId: string }[];
let staffId: string;
beforeAll(async () => {
  t = await buildTestApp();
  await openDeposits(t);
  staffId = (await ensureAdvisor(t)).id;
  people = [];
  for (let i = 0; i < 3; i++) {
    const client = await moneyClient(t);
    people.push({ client, cardId: (await addCard(t, client)).id });
  }
}, 120_000);
afterAll(async () => t.close());

type Op =
  | { op: 'deposit'; who: number; amount: bigint }
  | { op: 'confirm' | 'rejectDeposit' | 'cancelDeposit'; pick: number }
  | { op: 'withdraw'; who: number; amount: bigint }
  | { op: 'pay' | 'rejectWithdrawal' | 'cancelWithdrawal'; pick: number };

const who = fc.integer({ min: 0, max: 2 });
const pick = fc.nat(20);
const ops: fc.Arbitrary<Op> = fc.oneof(
  fc.record({
    op: fc.constant('deposit' as const),
    who,
    amount: fc.bigInt({ min: MIN_DEPOSIT_PAISE, max: 5_000_000n }),
  }),
  fc.record({ op: fc.constantFrom('confirm', 'rejectDeposit', 'cancelDeposit'), pick }),
  fc.record({
    op: fc.constant('withdraw' as const),
    who,
    amount: fc.bigInt({ min: MIN_WITHDRAWAL_PAISE, max: 3_000_000n }),
  }),
  fc.record({ op: fc.constantFrom('pay', 'rejectWithdrawal', 'cancelWithdrawal'), pick }),
);

type Pending = { id: string; who: number; amount: bigint };

describe('ledger invariants under random sequences', () => {
  it('hold for every sequence', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(ops, { minLength: 1, maxLength: 14 }), async (sequence) => {
        // The model starts from what the database holds now (runs share one database).
        const model = await Promise.all(
          people.map(async (p) => {
            const b = await t.ctx.ledger.balancesOf(p.client.id);
            return { available: b.cash_available, held: b.cash_on_hold };
          }),
        );
        const deposits: Pending[] = [];
        const withdrawals: Pending[] = [];
        const take = (list: Pending[], index: number) =>
          list.length ? list.splice(index % list.length, 1)[0]! : null;

        for (const step of sequence) {
          switch (step.op) {
            case 'deposit': {
              const view = await t.ctx.funds.deposits.request(
                people[step.who]!.client.id,
                { amount: step.amount, method: 'NEFT', utr: nextUtr() },
                { baseUrl: t.baseUrl, actor: system },
              );
              deposits.push({ id: view.id, who: step.who, amount: step.amount });
              break;
            }
            case 'confirm':
            case 'rejectDeposit': {
              const d = take(deposits, step.pick);
              if (!d) break;
              const action = step.op === 'confirm' ? 'confirm' : 'reject';
              await t.ctx.funds.deposits.decide(d.id, action, {
                staffId,
                actor: system,
                baseUrl: t.baseUrl,
                reason: 'no credit',
              });
              if (action === 'confirm') model[d.who]!.available += d.amount;
              break;
            }
            case 'cancelDeposit': {
              const d = take(deposits, step.pick);
              if (d)
                await t.ctx.funds.deposits.cancel(people[d.who]!.client.id, d.id, {
                  baseUrl: t.baseUrl,
                  actor: system,
                });
              break;
            }
            case 'withdraw': {
              const p = people[step.who]!;
              const m = model[step.who]!;
              const attempt = t.ctx.funds.withdrawals.request(
                p.client.id,
                { amount: step.amount, bank_card_id: p.cardId, pin: p.client.pin },
                { actor: system },
              );
              if (step.amount > m.available) {
                const error = await attempt.catch((e: unknown) => e);
                expect(error).toBeInstanceOf(AppError);
                expect((error as AppError).message).toBe(FM.beyondBalance);
              } else {
                const view = await attempt;
                m.available -= step.amount;
                m.held += step.amount;
                withdrawals.push({ id: view.id, who: step.who, amount: step.amount });
              }
              break;
            }
            case 'pay':
            case 'rejectWithdrawal':
            case 'cancelWithdrawal': {
              const w = take(withdrawals, step.pick);
              if (!w) break;
              const m = model[w.who]!;
              if (step.op === 'cancelWithdrawal')
                await t.ctx.funds.withdrawals.cancel(people[w.who]!.client.id, w.id, {
                  actor: system,
                });
              else
                await t.ctx.funds.withdrawals.decide(w.id, step.op === 'pay' ? 'pay' : 'reject', {
                  staffId,
                  actor: system,
                  bankReference: 'UTIBR52026112000001',
                  reason: 'no',
                });
              m.held -= w.amount;
              if (step.op !== 'pay') m.available += w.amount;
              break;
            }
          }
        }

        for (const [i, p] of people.entries()) {
          const b = await t.ctx.ledger.balancesOf(p.client.id);
          expect([b.cash_available, b.cash_on_hold]).toEqual([model[i]!.available, model[i]!.held]);
          expect(b.cash_available >= 0n && b.cash_on_hold >= 0n).toBe(true);
        }
        const check = await t.ctx.ledger.check();
        expect(check.discrepancies).toEqual([]);
      }),
      { numRuns: 25 },
    );
  }, 180_000);
});
