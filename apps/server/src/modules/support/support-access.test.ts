/**
 * Who sees which conversation: support agents and admins every one, an advisor only their own
 * clients' (another's answers 404 on every route, as if it did not exist), operations none; a
 * client only their own. Then two instances on one PostgreSQL and Redis deliver each other's
 * events.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SM, type TChatHistory, type TInboxConversation } from '@sampada/shared';
import { clientOfAdvisor, type ConsoleClient } from '../../test/console-fixtures.ts';
import { buildTestApp, signInStaff, type SignedInStaff, type TestApp } from '../../test/helpers.ts';
import {
  CHAT,
  chatFrames,
  conversationOf,
  INBOX,
  openSocket,
  replyAsStaff,
  sendAsClient,
  until,
} from './test-fixtures.ts';

let t: TestApp;
let admin: SignedInStaff;
let agent: SignedInStaff;
let advisorA: SignedInStaff;
let advisorB: SignedInStaff;
let ops: SignedInStaff;
let clientA: ConsoleClient;
let clientB: ConsoleClient;
let convA: string;
let convB: string;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInStaff(t, 'admin');
  agent = await signInStaff(t, 'support');
  advisorA = await signInStaff(t, 'advisor');
  advisorB = await signInStaff(t, 'advisor');
  ops = await signInStaff(t, 'operations');
  clientA = await clientOfAdvisor(t, advisorA.id);
  clientB = await clientOfAdvisor(t, advisorB.id);
  await sendAsClient(t, clientA.token, { text: 'From A' });
  await sendAsClient(t, clientB.token, { text: 'From B' });
  convA = (await conversationOf(t, admin.token, clientA.id)).id;
  convB = (await conversationOf(t, admin.token, clientB.id)).id;
});
afterAll(async () => t.close());

const listed = async (token: string) =>
  (
    await t.api.get<{ items: TInboxConversation[] }>(`${INBOX}/conversations?limit=100`, token)
  ).body.data.items.map((c) => c.id);

describe('the inbox by role', () => {
  it('support and admin see every conversation; an advisor only their clients’', async () => {
    expect(await listed(agent.token)).toEqual(expect.arrayContaining([convA, convB]));
    expect(await listed(admin.token)).toEqual(expect.arrayContaining([convA, convB]));
    expect(await listed(advisorA.token)).toEqual([convA]);
    expect(await listed(advisorB.token)).toEqual([convB]);
    const counts = await t.api.get<{ open: number }>(`${INBOX}/counts`, advisorA.token);
    expect(counts.body.data.open).toBe(1);
  });

  it('operations and the unsigned are refused the inbox', async () => {
    expect((await t.api.get(`${INBOX}/conversations`, ops.token)).status).toBe(403);
    expect((await t.api.get(`${INBOX}/conversations`)).status).toBe(401);
    expect(
      (await t.api.post(`${INBOX}/canned-replies`, { title: 'a', text: 'b' }, agent.token)).status,
    ).toBe(403);
    expect(
      (await t.api.post(`${INBOX}/canned-replies`, { title: 'a', text: 'b' }, advisorA.token))
        .status,
    ).toBe(403);
  });

  it('another advisor’s conversation answers 404 on every route, and nothing changes', async () => {
    const token = advisorA.token;
    const calls = [
      t.api.get(`${INBOX}/conversations/${convB}`, token),
      t.api.get(`${INBOX}/conversations/${convB}/context`, token),
      replyAsStaff(t, token, convB, { text: 'Not mine' }),
      t.api.post(`${INBOX}/conversations/${convB}/read`, { seq: 1 }, token),
      t.api.post(`${INBOX}/conversations/${convB}/assign`, { assignee_id: advisorA.id }, token),
      t.api.post(`${INBOX}/conversations/${convB}/close`, {}, token),
      t.api.post(`${INBOX}/conversations/${convB}/reopen`, {}, token),
    ];
    for (const reply of await Promise.all(calls)) {
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe(SM.conversationNotFound);
    }
    const b = await conversationOf(t, admin.token, clientB.id);
    expect(b).toMatchObject({ status: 'open', assignee_id: null, unread: 1 });
    const malformed = await t.api.get(`${INBOX}/conversations/not-a-uuid`, token);
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toBe(SM.conversationNotFound);
  });

  it('an advisor answers their own client and may take the conversation, not give it away', async () => {
    const sent = await replyAsStaff(t, advisorA.token, convA, { text: 'Your advisor here' });
    expect(sent.status).toBe(200);
    expect((await conversationOf(t, admin.token, clientA.id)).assignee_id).toBe(advisorA.id);
    const toOther = await t.api.post(
      `${INBOX}/conversations/${convA}/assign`,
      { assignee_id: advisorB.id },
      admin.token,
    );
    expect(toOther.status).toBe(400);
    const context = await t.api.get<{ kyc_status: string; uid: string }>(
      `${INBOX}/conversations/${convA}/context`,
      advisorA.token,
    );
    expect(context.status).toBe(200);
    expect(context.body.data).toMatchObject({
      kyc_status: 'unverified',
      open_applications: [],
      recent_orders: [],
      recent_funds: [],
    });
  });
});

describe('a client sees only their own conversation', () => {
  it('history holds only their messages; the console API refuses their token', async () => {
    const mine = await t.api.get<TChatHistory>(`${CHAT}/messages`, clientB.token);
    expect(mine.body.data.items.map((m) => m.text)).toEqual(['From B']);
    expect((await t.api.get(`${CHAT}/messages`)).status).toBe(401);
    expect((await t.api.get(`${INBOX}/conversations/${convA}`, clientB.token)).status).toBe(401);
  });
});

describe('two instances on one PostgreSQL and Redis', () => {
  it.runIf(process.env.REDIS_URL)(
    'a message sent to one reaches a client and an agent connected to the other',
    async () => {
      const second = await buildTestApp({ sharing: t });
      try {
        const phone = await openSocket(second.baseUrl, '/ws/app/v1', clientA.token);
        const inbox = await openSocket(second.baseUrl, '/ws/console/v1', agent.token);
        await second.ctx.bus.whenSubscribed();
        // The client writes through the first instance: the agent on the second hears it.
        await sendAsClient(t, clientA.token, { text: 'Across instances' });
        await until(() =>
          chatFrames(inbox, 'message').some((f) => f.message?.text === 'Across instances'),
        );
        // The agent replies through the first instance: the client on the second hears it.
        await replyAsStaff(t, agent.token, convA, { text: 'Heard you' });
        await until(() =>
          chatFrames(phone, 'message').some((f) => f.message?.text === 'Heard you'),
        );
        phone.close();
        inbox.close();
      } finally {
        await second.close();
      }
    },
  );
});
