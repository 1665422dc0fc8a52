/**
 * The DP charge over real HTTP: a client's first delivery sell of a scrip in a day pays the
 * flat depository charge (and its GST), itemised on the contract note; a second sell of the
 * same scrip that day does not; a buy never does.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { computeCharges, DEFAULT_CHARGES, type TContractNote } from '@sampada/shared';
import type { TestApp } from '../../test/helpers.ts';
import { openMarketApp, placed, trader, untilSettled } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
beforeAll(async () => {
  t = await openMarketApp();
});
afterAll(async () => t?.close());

describe('DP charge on delivery sells', () => {
  it('two sells of one scrip in a day: the first pays ₹13.50 + GST on its contract note, the second nothing', async () => {
    const c = await trader(t, 400_000);
    const buy = await untilSettled(
      t,
      c,
      (await placed(t, c, { type: 'market', symbol: 'TCS', side: 'buy', quantity: 30 })).id,
    );
    expect(buy.status).toBe('filled');
    expect(buy.fills[0]!.charges.dp_paise).toBe(0);

    const first = await untilSettled(
      t,
      c,
      (await placed(t, c, { type: 'market', symbol: 'TCS', side: 'sell', quantity: 10 })).id,
    );
    const second = await untilSettled(
      t,
      c,
      (await placed(t, c, { type: 'market', symbol: 'TCS', side: 'sell', quantity: 10 })).id,
    );
    const [a, b] = [first.fills[0]!, second.fills[0]!];
    expect(a.charges).toEqual(
      computeCharges(DEFAULT_CHARGES, 'sell', BigInt(a.value_paise), { dp: true }),
    );
    expect(a.charges.dp_paise).toBe(1350);
    expect(b.charges).toEqual(computeCharges(DEFAULT_CHARGES, 'sell', BigInt(b.value_paise)));
    expect(b.charges.dp_paise).toBe(0);
    // GST is charged on the DP charge too: 18% of ₹13.50 is ₹2.43 more.
    expect(
      a.charges.gst_paise -
        computeCharges(DEFAULT_CHARGES, 'sell', BigInt(a.value_paise)).gst_paise,
    ).toBeGreaterThanOrEqual(242);

    const note = await t.api.get<TContractNote>(
      `/trade/app/v1/contract-notes/${a.contract_note_no}`,
      c.token,
    );
    expect(note.body.data.charges.dp_paise).toBe(1350);
    expect(note.body.data.net_paise).toBe(a.value_paise - a.charges.total_paise);
    expect((await t.ctx.ledger.check()).discrepancies).toEqual([]);
  });
});
