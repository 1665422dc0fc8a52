/**
 * The charge schedule is kept in memory per instance (charge-schedule.ts): a schedule saved
 * through the console must still be what the very next read uses, on this instance and
 * (through the bus) on another one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CHARGES, type TChargeSchedule } from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  signUpClient,
  type SignedInStaff,
  type TestApp,
} from '../../test/helpers.ts';
import { CHARGES_CHANGED_CHANNEL } from './charge-schedule.ts';

let t: TestApp;
let admin: SignedInStaff;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInStaff(t, 'admin');
});
afterAll(async () => t.close());

const save = (schedule: TChargeSchedule) =>
  t.api.put<TChargeSchedule>('/console/api/v1/trading/charges', schedule, admin.token);

describe('the charge schedule kept in memory', () => {
  it('the next read sees a schedule saved through the console', async () => {
    const client = await signUpClient(t);
    const read = () => t.api.get<TChargeSchedule>('/trade/app/v1/charges', client.token);
    // Read twice, so the kept copy is certainly the one answering.
    expect((await read()).body.data).toEqual(DEFAULT_CHARGES);
    expect((await read()).body.data).toEqual(DEFAULT_CHARGES);
    try {
      expect((await save({ ...DEFAULT_CHARGES, brokerage_max_paise: 1500 })).status).toBe(200);
      expect((await read()).body.data.brokerage_max_paise).toBe(1500);
    } finally {
      await save(DEFAULT_CHARGES);
    }
    expect((await read()).body.data).toEqual(DEFAULT_CHARGES);
  });

  // Instances share changes through the bus: Redis when REDIS_URL is set.
  it.runIf(process.env.REDIS_URL)(
    'a second instance on the same database sees the new schedule too',
    async () => {
      const second = await buildTestApp({ sharing: t });
      try {
        const client = await signUpClient(t);
        const readOnSecond = () =>
          second.api.get<TChargeSchedule>('/trade/app/v1/charges', client.token);
        expect((await readOnSecond()).body.data).toEqual(DEFAULT_CHARGES);
        // The bus delivers after the first instance answers: wait for the message, not a time.
        const delivered = new Promise<void>((resolve) => {
          const off = second.ctx.bus.subscribe(CHARGES_CHANGED_CHANNEL, () => {
            off();
            resolve();
          });
        });
        await second.ctx.bus.whenSubscribed();
        // Kept by the second instance now (a read that would go stale).
        expect((await readOnSecond()).body.data).toEqual(DEFAULT_CHARGES);

        expect((await save({ ...DEFAULT_CHARGES, stt_pct: '0.2' })).status).toBe(200);
        await delivered;
        expect((await readOnSecond()).body.data.stt_pct).toBe('0.2');
      } finally {
        await save(DEFAULT_CHARGES);
        await second.close();
      }
    },
  );
});
