/**
 * A client is told of what happened to their records (decision 049): each step writes its
 * notification in its own transaction, the client's socket hears it live, the list counts the
 * unread ones, and no client reads another's.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TClientNotifications, TWithdrawalView } from '@sampada/shared';
import type { PgListener } from '../../platform/pg-listener.ts';
import { buildTestApp, sqlRows, type TestApp } from '../../test/helpers.ts';
import {
  addCard,
  fund,
  keyed,
  type MoneyClient,
  moneyClient,
  openDeposits,
  system,
} from '../funds/test-fixtures.ts';
import { notificationId } from './notice.ts';
import { socketOf as openSocket } from './test-fixtures.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let t: TestApp;
let alice: MoneyClient;
let bob: MoneyClient;
let delivery: PgListener;
beforeAll(async () => {
  t = await buildTestApp();
  await openDeposits(t);
  delivery = t.ctx.notifications.deliver(t.ctx.config.databaseUrl!);
  await delivery.whenListening();
  alice = await moneyClient(t);
  bob = await moneyClient(t);
});
afterAll(async () => {
  await delivery?.stop();
  await t?.close();
});

const listOf = async (who: MoneyClient) =>
  (await t.api.get<TClientNotifications>('/client/app/v1/notifications', who.token)).body.data;

const socketOf = (who: MoneyClient) => openSocket(t, who);

describe('notifications of a client’s records', () => {
  it('tells the client their KYC was approved, from the approval’s own transaction', async () => {
    const { items, unread } = await listOf(alice);
    expect(items.map((n) => n.kind)).toEqual(['kyc.approve']);
    expect(items[0]).toMatchObject({ subject_type: 'client', subject_id: alice.id, read_at: null });
    expect(unread).toBe(1);
  });

  it('a confirmed deposit reaches the client’s socket live and their list, and never another client', async () => {
    const mine = await socketOf(alice);
    const theirs = await socketOf(bob);
    const deposit = await fund(t, alice, 25000);
    await vi.waitFor(() => expect(mine.notices()).toHaveLength(1));
    expect(mine.notices()[0]).toMatchObject({
      id: notificationId(alice.id, 'deposit.confirm', deposit.id),
      kind: 'deposit.confirm',
      subject_type: 'deposit',
      subject_id: deposit.id,
    });
    const list = await listOf(alice);
    // The test clock stands still, so the list's order among same-moment rows is not asserted.
    expect(list.items.find((n) => n.subject_id === deposit.id)).toEqual(mine.notices()[0]);
    expect(list.unread).toBe(2);
    // Bob's own deposit comes next; frames arrive in order, so Alice's would be before it.
    const his = await fund(t, bob, 20000);
    await vi.waitFor(() => expect(theirs.notices()).toHaveLength(1));
    expect(theirs.notices()[0]!.subject_id).toBe(his.id);
    expect((await listOf(bob)).items.map((n) => n.subject_id)).not.toContain(deposit.id);
    mine.socket.close();
    theirs.socket.close();
  });

  it('a paid and a rejected withdrawal are each told once, and reading marks all of them', async () => {
    const card = await addCard(t, alice);
    const ask = async (amount: number) =>
      (
        await t.api.post<TWithdrawalView>(
          '/funds/app/v1/withdrawals',
          { amount, bank_card_id: card.id, pin: alice.pin },
          alice.token,
          keyed(),
        )
      ).body.data;
    const staffId = (await t.ctx.staff.listStaff())[0]!.id;
    const paid = await ask(300);
    const refused = await ask(200);
    await t.ctx.funds.withdrawals.decide(paid.id, 'pay', {
      staffId,
      actor: system,
      bankReference: 'SBINN52026112900001',
    });
    await t.ctx.funds.withdrawals.decide(refused.id, 'reject', {
      staffId,
      actor: system,
      reason: 'The bank account is closed',
    });
    const { items, unread } = await listOf(alice);
    const told = items.filter((n) => n.subject_type === 'withdrawal');
    expect(told.map((n) => [n.kind, n.subject_id])).toEqual(
      expect.arrayContaining([
        ['withdrawal.pay', paid.id],
        ['withdrawal.reject', refused.id],
      ]),
    );
    expect(told).toHaveLength(2);
    expect(unread).toBe(4);

    const read = await t.api.post<{ marked: number }>(
      '/client/app/v1/notifications/read',
      {},
      alice.token,
    );
    expect(read.body.data.marked).toBe(4);
    const after = await listOf(alice);
    expect(after.unread).toBe(0);
    expect(after.items.every((n) => n.read_at !== null)).toBe(true);
    // Bob's stay unread: reading is per client.
    expect((await listOf(bob)).unread).toBe(2);
  });

  it('a step’s notice written twice (a replayed event) is one row', async () => {
    const countOf = async () =>
      (
        await sqlRows<{ n: number }>(
          t,
          `select count(*)::int as n from client_notifications where client_id = '${alice.id}'`,
        )
      )[0]!.n;
    const before = await countOf();
    const { notificationsSql } = await import('./notice.ts');
    const event = {
      subject: 'client',
      id: alice.id,
      action: 'kyc.approve',
      from: 'pending',
      to: 'approved',
      at: new Date().toISOString(),
      clientId: alice.id,
    };
    for (const statement of notificationsSql([event, event])) await t.ctx.db.execute(statement);
    expect(await countOf()).toBe(before);
  });

  it('asks for a signed-in client', async () => {
    const reply = await t.api.get('/client/app/v1/notifications');
    expect(reply.status).toBe(401);
  });
});
