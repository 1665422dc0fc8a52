/**
 * `sampada settlement run --date D`, the command as written: without `--as` it prepares
 * the date's batch as the leader's job does (no officer), prints it, and a re-run changes
 * nothing; one operations officer's approval then pays it.
 */
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { istDayOf } from '@sampada/shared';
import { runCommand } from '../../cli/program.ts';
import { buildTestApp, signInStaff, sqlRows, type TestApp } from '../../test/helpers.ts';
import { addCard, fund, moneyClient, openDeposits } from '../funds/test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
  await openDeposits(t);
});
afterAll(async () => t?.close());

const run = async (args: string[]) => {
  const out: string[] = [];
  const code = await runCommand(t.ctx, args, { out: (l) => out.push(l), err: (l) => out.push(l) });
  return { code, out };
};

it('prepares without an officer, prints the batch, and one officer then pays it', async () => {
  const date = t.ctx.settlement.dates.last(istDayOf(t.clock.now()), 'quarterly');
  const client = await moneyClient(t);
  await fund(t, client, 25_000);
  await addCard(t, client);

  const first = await run(['settlement', 'run', '--date', date]);
  expect(first.code).toBe(0);
  expect(first.out[0]).toMatch(
    new RegExp(`^\\S+  ${date}  prepared  1 clients  payout ₹25,000\\.00`),
  );
  const again = await run(['settlement', 'run', '--date', date]);
  expect(again.out[0]).toBe(first.out[0]);
  const [batch] = await sqlRows<{ id: string; prepared_by: string | null }>(
    t,
    `select id, prepared_by from settlement_batches where settlement_date = '${date}'`,
  );
  expect(batch!.prepared_by).toBeNull();

  const officer = await signInStaff(t, 'operations');
  const approved = await run(['settlement', 'approve', '--date', date, '--as', officer.email]);
  expect(approved.code).toBe(0);
  expect(approved.out[0]).toContain(`${date}  paid`);
  expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
});
