/**
 * Every notice reaches the client's open app at once (decision 049), whoever wrote it: a loan's
 * reminder from the accrual job, a bonus credited, an agent's reply — not only a lifecycle
 * step. The row's insert NOTIFYs on commit and each instance LISTENs on a connection of its
 * own: a second instance's notice reaches the first one's socket, a rolled-back writer tells
 * nothing, and the listener comes back after its connection is terminated. Real PostgreSQL,
 * real sockets.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addIstDays, daysInMs, istDayOf, type TOfferClaim } from '@sampada/shared';
import type { PgListener } from '../../platform/pg-listener.ts';
import {
  buildTestApp,
  type SignedInStaff,
  signInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import { setFlags } from '../compensation/test-fixtures.ts';
import { applied, borrower, disbursed, loanOf, PERSONAL_ID } from '../credit/test-fixtures.ts';
import {
  keyed,
  type MoneyClient,
  moneyClient,
  openDeposits,
  signInAgain,
} from '../funds/test-fixtures.ts';
import { conversationOf, replyAsStaff, sendAsClient } from '../support/test-fixtures.ts';
import { NOTICE_LISTENER } from './service.ts';
import {
  heardOnlyItsOwn,
  type NoticeSocket,
  socketOf,
  writeNotice,
  written,
} from './test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

let t: TestApp;
let listener: PgListener;
beforeAll(async () => {
  t = await buildTestApp();
  await openDeposits(t);
  listener = t.ctx.notifications.deliver(t.ctx.config.databaseUrl!);
  await listener.whenListening();
});
afterAll(async () => {
  await listener?.stop();
  await t?.close();
});

/** The client's socket and a bystander's, both open before the notice is written. */
async function sockets(client: MoneyClient) {
  const other = await moneyClient(t);
  return { mine: await socketOf(t, client), theirs: await socketOf(t, other), other };
}
const closeAll = (...all: NoticeSocket[]) => all.forEach((s) => s.close());

/** A bonus offer the operations desk publishes, valid now. */
async function publishBonus(): Promise<string> {
  const now = t.clock.now().getTime();
  const reply = await t.api.post<{ id: string }>(
    '/console/api/v1/offers',
    {
      title: 'Welcome bonus',
      body: 'A thank-you for trading with us.',
      kind: 'bonus',
      bonus_kind: 'fixed',
      amount_paise: 10_000,
      budget_paise: 1_000_000,
      valid_from: new Date(now - daysInMs(1)).toISOString(),
      valid_until: new Date(now + daysInMs(1)).toISOString(),
      status: 'published',
    },
    (await signInStaff(t, 'operations')).token,
  );
  expect(reply.status).toBe(200);
  return reply.body.data.id;
}

async function bonusClient(): Promise<MoneyClient> {
  const client = await moneyClient(t);
  await setFlags(t, client.id, { allow_bonus: true });
  return client;
}

describe('a notice that is not a lifecycle step reaches the open app at once', () => {
  it('a bonus credited is told on the client’s socket, and never on another’s', async () => {
    const offerId = await publishBonus();
    const c = await bonusClient();
    const { mine, theirs, other } = await sockets(c);
    const claimed = await t.api.post<TOfferClaim>(
      `/offer/app/v1/${offerId}/claim`,
      undefined,
      c.token,
      keyed(),
    );
    expect(claimed.status).toBe(200);
    await vi.waitFor(() => expect(mine.notices().map((n) => n.kind)).toContain('offer.claim'));
    expect(mine.notices().find((n) => n.kind === 'offer.claim')).toMatchObject({
      subject_type: 'offer_claim',
      read_at: null,
    });
    await heardOnlyItsOwn(t, theirs, other.id);
    closeAll(mine, theirs);
  });

  it('an agent’s reply while the chat is closed is told on the client’s socket, and never on another’s', async () => {
    const c = await moneyClient(t);
    await sendAsClient(t, c.token, { text: 'Is my withdrawal on its way?' });
    const agent = await signInStaff(t, 'support');
    const conversation = await conversationOf(t, agent.token, c.id);
    const { mine, theirs, other } = await sockets(c);
    expect(
      (await replyAsStaff(t, agent.token, conversation.id, { text: 'Paid today.' })).status,
    ).toBe(200);
    await vi.waitFor(() => expect(written(mine)).toEqual([conversation.id]));
    await heardOnlyItsOwn(t, theirs, other.id);
    closeAll(mine, theirs);
  });

  it('a loan’s reminder written by the accrual job is told on the borrower’s socket, and never on another’s', async () => {
    let c = await borrower(t, { rupees: 20_000 });
    const loan = await applied(t, c, {
      product_id: PERSONAL_ID,
      amount_paise: 5_000_000,
      tenure_months: 12,
    });
    const ops: [SignedInStaff, SignedInStaff] = [
      await signInStaff(t, 'operations'),
      await signInStaff(t, 'operations'),
    ];
    await disbursed(t, ops, loan);
    c = await signInAgain(t, c);
    const first = (await loanOf(t, c, loan.id)).schedule[0]!;
    const remindOn = addIstDays(istDayOf(new Date(`${first.due_date}T12:00:00Z`)), -3);
    while (istDayOf(t.clock.now()) < remindOn) t.clock.advance(daysInMs(1));
    // Sockets after the clock moved: a token older than its 15 minutes opens none.
    c = await signInAgain(t, c);
    const { mine, theirs, other } = await sockets(c);
    await t.ctx.credit.servicing.runAccrual();
    await vi.waitFor(() =>
      expect(mine.notices().map((n) => n.kind)).toContain('loan.due_reminder'),
    );
    expect(mine.notices().find((n) => n.kind === 'loan.due_reminder')).toMatchObject({
      subject_id: loan.id,
      detail: { type: 'due', amount_paise: first.amount_paise, due_date: first.due_date },
    });
    await heardOnlyItsOwn(t, theirs, other.id);
    closeAll(mine, theirs);
  });
});

describe('one path, whoever writes', () => {
  it('a notice written by a second instance on the same database reaches a socket held by the first', async () => {
    const second = await buildTestApp({ sharing: t });
    try {
      const c = await moneyClient(t);
      const mine = await socketOf(t, c);
      const subjectId = await writeNotice(second.ctx.db, c.id);
      await vi.waitFor(() => expect(written(mine)).toEqual([subjectId]));
      mine.close();
    } finally {
      await second.close();
    }
  });

  it('a writer that rolls back tells nothing: the next notice arrives, and alone', async () => {
    const c = await moneyClient(t);
    const mine = await socketOf(t, c);
    let rolledBack = '';
    await expect(
      t.ctx.db.transaction(async (tx) => {
        rolledBack = await writeNotice(tx, c.id);
        throw new Error('the step failed after writing its notice');
      }),
    ).rejects.toThrow('the step failed');
    expect(rolledBack).not.toBe('');
    const committed = await writeNotice(t.ctx.db, c.id);
    await vi.waitFor(() => expect(written(mine)).toContain(committed));
    expect(written(mine)).toEqual([committed]);
    mine.close();
  });

  it('a notice too long for a NOTIFY payload is told by its id, read back, and its writer commits', async () => {
    const c = await moneyClient(t);
    const mine = await socketOf(t, c);
    const sold = Array.from({ length: 200 }, (_, i) => ({
      symbol: `SYMBOL${i}`,
      quantity: 10 + i,
      value_paise: 1_000_000 + i,
    }));
    const subjectId = await writeNotice(t.ctx.db, c.id, {
      detail: { type: 'pledge_sale', sold, recover_paise: 5_000_000 },
    });
    expect(JSON.stringify(sold).length).toBeGreaterThan(8000);
    await vi.waitFor(() => expect(written(mine)).toEqual([subjectId]));
    expect(mine.notices().find((n) => n.subject_id === subjectId)!.detail).toEqual({
      type: 'pledge_sale',
      sold,
      recover_paise: 5_000_000,
    });
    mine.close();
  });
});

describe('the listener’s own connection', () => {
  it('is terminated by the database and comes back by itself, then delivers the next notice', async () => {
    const c = await moneyClient(t);
    const mine = await socketOf(t, c);
    const before = listener.sessions();
    const [terminated] = await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from (
         select pg_terminate_backend(pid) from pg_stat_activity
         where application_name = '${NOTICE_LISTENER}' and datname = current_database()) as k`,
    );
    expect(terminated!.n).toBe(1);
    await vi.waitFor(() => expect(listener.sessions()).toBe(before + 1), { timeout: 20_000 });
    const subjectId = await writeNotice(t.ctx.db, c.id);
    await vi.waitFor(() => expect(written(mine)).toEqual([subjectId]));
    mine.close();
  });
});
