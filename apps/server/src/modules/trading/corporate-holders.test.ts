/**
 * A corporate action over several holders at once, on real PostgreSQL (adjust-holders.ts): a
 * symbol change moves each whole holding, merging into one already held and keeping the
 * pledge, once; a consolidation that would leave a holding below what was sold since the
 * ex-date is refused and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cliActor } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { buildTestApp, sqlRows, type TestApp } from '../../test/helpers.ts';
import type { HoldingAction } from './holding-action.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
const ids: string[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  for (const n of [1, 2]) {
    const [row] = await sqlRows<{ id: string }>(
      t,
      `insert into clients (uid, mobile, password_hash)
       values ('7700000${n}', '+91770000000${n}', 'test') returning id`,
    );
    ids.push(row!.id);
  }
});
afterAll(() => t.close());

/** A filled buy of `quantity` at ₹100 on `day` (10:00 IST), and the holding it leaves. */
async function bought(client: string, symbol: string, quantity: number, day: string) {
  await t.ctx.db.execute(`
    with o as (
      insert into orders (id, client_id, type, side, symbol, quantity, filled_quantity,
                          filled_value_paise, status, created_at, updated_at)
      values (gen_random_uuid(), '${client}', 'market', 'buy', '${symbol}', ${quantity},
              ${quantity}, ${quantity * 10_000}, 'filled', now(), now()) returning id)
    insert into fills (order_id, client_id, symbol, side, quantity, price_paise, value_paise,
                       charges, charges_paise, contract_note_no, posting_id, executed_at)
    select id, '${client}', '${symbol}', 'buy', ${quantity}, 10000, ${quantity * 10_000},
           '{}', 0, gen_random_uuid()::text, 1, '${day}T10:00:00+05:30' from o`);
  await t.ctx.db.execute(`
    insert into holdings (client_id, symbol, quantity, cost_paise, updated_at)
    values ('${client}', '${symbol}', ${quantity}, ${quantity * 10_000}, now())
    on conflict (client_id, symbol) do update
      set quantity = holdings.quantity + excluded.quantity,
          cost_paise = holdings.cost_paise + excluded.cost_paise`);
}

const action = (a: Partial<HoldingAction>): HoldingAction => ({
  id: crypto.randomUUID(),
  symbol: 'OLDCO',
  kind: 'split',
  ratioNew: 1,
  ratioOld: 1,
  newSymbol: null,
  exDate: '2026-06-01',
  allotDate: '2026-06-01',
  ...a,
});
const apply = (a: HoldingAction) =>
  inTransaction(t.ctx.db, (tx) => t.ctx.trading.applyCorporateAction(tx, a, cliActor()));
const holdingsOf = (symbol: string) =>
  sqlRows<{ client_id: string; quantity: string; pledged: string; cost_paise: string }>(
    t,
    `select client_id, quantity, pledged, cost_paise from holdings
      where symbol = '${symbol}' order by quantity`,
  );

describe('a corporate action over many holders', () => {
  it('a symbol change moves each holding whole, merges into one held, keeps the pledge, once', async () => {
    await bought(ids[0]!, 'OLDCO', 30, '2026-05-04');
    await bought(ids[0]!, 'NEWCO', 10, '2026-05-05');
    await bought(ids[1]!, 'OLDCO', 20, '2026-05-06');
    await t.ctx.db.execute(
      `update holdings set pledged = 4 where client_id = '${ids[1]}' and symbol = 'OLDCO'`,
    );
    const change = action({ kind: 'symbol_change', newSymbol: 'NEWCO' });
    expect(await apply(change)).toEqual({ clients: 2, ordersCancelled: 0, gttsCancelled: 0 });
    expect(await holdingsOf('OLDCO')).toEqual([]);
    expect(await holdingsOf('NEWCO')).toEqual([
      { client_id: ids[1], quantity: '20', pledged: '4', cost_paise: '200000' },
      { client_id: ids[0], quantity: '40', pledged: '0', cost_paise: '400000' },
    ]);
    const adjustments = await sqlRows<{ client_id: string; before: string; after: string }>(
      t,
      `select client_id, quantity_before as before, quantity_after as after
         from holding_adjustments where action_id = '${change.id}' order by quantity_before`,
    );
    expect(adjustments).toEqual([
      { client_id: ids[1], before: '20', after: '20' },
      { client_id: ids[0], before: '30', after: '30' },
    ]);
    expect((await apply(change)).clients).toBe(0);
    expect(await holdingsOf('NEWCO')).toHaveLength(2);
  });

  it('a 1:10 consolidation leaving less than was sold since the ex-date is refused, nothing written', async () => {
    await bought(ids[0]!, 'TINYCO', 10, '2026-05-04');
    await bought(ids[1]!, 'TINYCO', 20, '2026-05-04');
    // Sold 5 of its 10 after the ex-date: 1 share after the action cannot cover them.
    await t.ctx.db.execute(
      `update holdings set quantity = 5 where client_id = '${ids[0]}' and symbol = 'TINYCO'`,
    );
    const consolidation = action({ symbol: 'TINYCO', kind: 'consolidation', ratioOld: 10 });
    await expect(apply(consolidation)).rejects.toThrow(
      'TINYCO: a client has sold more since the ex-date than the action leaves.',
    );
    expect(await holdingsOf('TINYCO')).toMatchObject([{ quantity: '5' }, { quantity: '20' }]);
    const written = await sqlRows(
      t,
      `select 1 from holding_adjustments where action_id = '${consolidation.id}'`,
    );
    expect(written).toEqual([]);
  });
});
