/**
 * The support chat over real HTTP and WebSocket: order and idempotency of messages, read marks
 * and unread counts, bad input refused with nothing stored, the per-client rate limit, live
 * frames on the quotes socket and the console socket, and the audit of staff messages.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHAT_RATE_PER_MINUTE,
  SM,
  type TChatHistory,
  type TClientNotifications,
  type TInboxThread,
} from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  signUpClient,
  sqlRows,
  type SignedInStaff,
  type TestApp,
} from '../../test/helpers.ts';
import { formWith, pngImage } from '../../test/images.ts';
import {
  CHAT,
  chatFrames,
  conversationOf,
  type Frames,
  INBOX,
  openSocket,
  replyAsStaff,
  sendAsClient,
  until,
} from './test-fixtures.ts';

let t: TestApp;
let admin: SignedInStaff;
let agent: SignedInStaff;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signInStaff(t, 'admin');
  agent = await signInStaff(t, 'support');
});
afterAll(async () => t.close());

const history = (token: string, query = '') =>
  t.api.get<TChatHistory>(`${CHAT}/messages${query}`, token);
const messageCount = async () =>
  Number((await sqlRows<{ n: string }>(t, 'select count(*) as n from support_messages'))[0]!.n);

describe('sending and history', () => {
  it('keeps messages in order and pages back with before', async () => {
    const client = await signUpClient(t);
    const empty = await history(client.token);
    expect(empty.status).toBe(200);
    expect(empty.body.data.conversation.status).toBe('none');
    expect(empty.body.data.items).toEqual([]);
    for (let i = 1; i <= 5; i++)
      expect((await sendAsClient(t, client.token, { text: `message ${i}` })).status).toBe(200);

    const newest = await history(client.token, '?limit=3');
    expect(newest.body.data.items.map((m) => m.text)).toEqual([
      'message 3',
      'message 4',
      'message 5',
    ]);
    expect(newest.body.data.items.map((m) => m.seq)).toEqual([3, 4, 5]);
    expect(newest.body.data.next_before).toBe(3);
    const older = await history(client.token, '?limit=3&before=3');
    expect(older.body.data.items.map((m) => m.text)).toEqual(['message 1', 'message 2']);
    expect(older.body.data.next_before).toBeNull();
    expect(newest.body.data.conversation.status).toBe('open');
  });

  it('stores a repeated id once and refuses the same id with other content', async () => {
    const client = await signUpClient(t);
    const id = randomUUID();
    const first = await sendAsClient(t, client.token, { id, text: 'Hello' });
    expect(first.body.data.duplicate).toBe(false);
    const before = await messageCount();
    const again = await sendAsClient(t, client.token, { id, text: 'Hello' });
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual({ message: first.body.data.message, duplicate: true });
    const other = await sendAsClient(t, client.token, { id, text: 'Something else' });
    expect(other.status).toBe(400);
    expect(other.body.message).toBe(SM.idReused);
    // Another client reusing the id: refused, and it learns nothing of the first message.
    const stranger = await signUpClient(t);
    const theirs = await sendAsClient(t, stranger.token, { id, text: 'Hello' });
    expect(theirs.status).toBe(400);
    expect(theirs.body.message).toBe(SM.idReused);
    expect(await messageCount()).toBe(before);
  });

  it('sends the same id from two tabs at once: one row, both answered', async () => {
    const client = await signUpClient(t);
    const id = randomUUID();
    const replies = await Promise.all(
      Array.from({ length: 5 }, () => sendAsClient(t, client.token, { id, text: 'Once' })),
    );
    expect(replies.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    expect(replies.filter((r) => !r.body.data.duplicate)).toHaveLength(1);
    const rows = await sqlRows(t, `select 1 from support_messages where id = '${id}'`);
    expect(rows).toHaveLength(1);
  });

  it('refuses bad input with a clear message and stores nothing', async () => {
    const client = await signUpClient(t);
    const stranger = await signUpClient(t);
    const before = await messageCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ text: '' }, SM.textRequired],
      [{ text: '   ' }, SM.textRequired],
      [{ text: 'x'.repeat(2001) }, SM.textTooLong],
      [{ id: 'not-a-uuid', text: 'hi' }, SM.idInvalid],
      [{ text: 'hi', image_url: 'http://evil.example/x.jpg' }, SM.imageNotYours],
    ];
    for (const [body, message] of cases) {
      const reply = await sendAsClient(t, client.token, body);
      expect(reply.status, JSON.stringify(body)).toBe(400);
      expect(reply.body.message).toBe(message);
    }
    // Someone else's image, by its signed link: refused.
    const upload = await t.api.upload<{ url: string }>(
      '/client/app/v1/image',
      formWith(await pngImage(), 'a.png', 'image/png'),
      stranger.token,
    );
    const theirs = await sendAsClient(t, client.token, { image_url: upload.body.data.url });
    expect(theirs.status).toBe(400);
    expect(theirs.body.message).toBe(SM.imageNotYours);
    // A file that is not an image never becomes an upload.
    const notImage = await t.api.upload(
      '/client/app/v1/image',
      formWith(Buffer.from('<script>alert(1)</script>'), 'x.png', 'image/png'),
      client.token,
    );
    expect(notImage.status).toBe(400);
    expect((await sendAsClient(t, client.token, { text: 'x'.repeat(2000) })).status).toBe(200);
    expect(await messageCount()).toBe(before + 1);
    expect((await history(client.token, '?before=abc')).status).toBe(400);
  });

  it('sends an image through the upload pipeline; the link serves the re-encoded JPEG', async () => {
    const client = await signUpClient(t);
    const upload = await t.api.upload<{ url: string }>(
      '/client/app/v1/image',
      formWith(await pngImage(), 'photo.png', 'image/png'),
      client.token,
    );
    const sent = await sendAsClient(t, client.token, { image_url: upload.body.data.url });
    expect(sent.status).toBe(200);
    const { image_url, text } = sent.body.data.message;
    expect(text).toBe('');
    expect(image_url).toMatch(/^\/files\/private\/[0-9a-f-]{36}\?exp=\d+&sig=/);
    const file = await t.api.raw(image_url!);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
  });
});

describe('read marks and unread counts', () => {
  it('marks delivered and read on both sides and counts what is unread', async () => {
    const client = await signUpClient(t);
    const sent = await sendAsClient(t, client.token, { text: 'Where is my deposit?' });
    expect(sent.body.data.message.status).toBe('sent');
    const c = await conversationOf(t, agent.token, client.id);
    expect(c.unread).toBe(1);
    expect(c.waiting_since).not.toBeNull();

    // The agent opens the thread: delivered.
    const thread = await t.api.get<TInboxThread>(`${INBOX}/conversations/${c.id}`, agent.token);
    expect(thread.body.data.items[0]!.text).toBe('Where is my deposit?');
    expect((await history(client.token)).body.data.items[0]!.status).toBe('delivered');
    // Reads it: read.
    const read = await t.api.post(`${INBOX}/conversations/${c.id}/read`, { seq: 1 }, agent.token);
    expect(read.status).toBe(200);
    expect((await history(client.token)).body.data.items[0]!.status).toBe('read');
    expect((await conversationOf(t, agent.token, client.id)).unread).toBe(0);

    // Two replies: the client has two unread, then reads one, then all; marks never go back.
    await replyAsStaff(t, agent.token, c.id, { text: 'Checking now.' });
    await replyAsStaff(t, agent.token, c.id, { text: 'It is confirmed.' });
    const mine = await history(client.token);
    expect(mine.body.data.conversation.unread).toBe(2);
    expect(mine.body.data.conversation.agent_name).not.toBeNull();
    expect((await conversationOf(t, agent.token, client.id)).waiting_since).toBeNull();
    expect(
      (await t.api.post<{ unread: number }>(`${CHAT}/read`, { seq: 2 }, client.token)).body.data,
    ).toEqual({ read_seq: 2, unread: 1 });
    expect((await t.api.post(`${CHAT}/read`, { seq: 999 }, client.token)).body.data).toEqual({
      read_seq: 3,
      unread: 0,
    });
    expect((await t.api.post(`${CHAT}/read`, { seq: 1 }, client.token)).body.data).toEqual({
      read_seq: 3,
      unread: 0,
    });
    const replies = (await t.api.get<TInboxThread>(`${INBOX}/conversations/${c.id}`, agent.token))
      .body.data;
    expect(replies.items.filter((m) => m.author === 'staff').map((m) => m.status)).toEqual([
      'read',
      'read',
    ]);
    expect(replies.client_read_seq).toBe(3);
  });

  it('counts open, mine, unassigned, closed and unread conversations', async () => {
    const counts = async () =>
      (await t.api.get<Record<string, number>>(`${INBOX}/counts`, agent.token)).body.data;
    const before = await counts();
    const client = await signUpClient(t);
    await sendAsClient(t, client.token, { text: 'Hi' });
    const after = await counts();
    expect(after.open).toBe(before.open! + 1);
    expect(after.unassigned).toBe(before.unassigned! + 1);
    expect(after.unread_conversations).toBe(before.unread_conversations! + 1);
    const c = await conversationOf(t, agent.token, client.id);
    await replyAsStaff(t, agent.token, c.id, { text: 'Hello' });
    const replied = await counts();
    expect(replied.mine).toBe(after.mine! + 1);
    expect(replied.unassigned).toBe(before.unassigned);
    expect(replied.unread_conversations).toBe(before.unread_conversations);
    await t.api.post(`${INBOX}/conversations/${c.id}/close`, {}, agent.token);
    expect((await counts()).closed).toBe(before.closed! + 1);
  });
});

describe('a reply the client has not read is a notice in the bell', () => {
  const chatNotices = async (token: string) =>
    (
      await t.api.get<TClientNotifications>('/client/app/v1/notifications', token)
    ).body.data.items.filter((n) => n.kind === 'support.reply');

  it('one notice while the chat is unread, marked read when the client reads it, a new one for the next reply', async () => {
    const client = await signUpClient(t);
    await sendAsClient(t, client.token, { text: 'Is my withdrawal on its way?' });
    const c = await conversationOf(t, agent.token, client.id);

    // Two replies before the client opens the chat: one notice, written with the reply.
    await replyAsStaff(t, agent.token, c.id, { text: 'Let me check.' });
    await replyAsStaff(t, agent.token, c.id, { text: 'It was paid this morning.' });
    const unread = await chatNotices(client.token);
    expect(unread).toHaveLength(1);
    expect(unread[0]).toMatchObject({
      subject_type: 'support_conversation',
      subject_id: c.id,
      read_at: null,
    });

    // The client reads the chat (the widget open): the notice no longer waits in the bell.
    await t.api.post(`${CHAT}/read`, { seq: 999 }, client.token);
    expect((await chatNotices(client.token)).map((n) => n.read_at)).toEqual([expect.any(String)]);

    // The next reply, after that read, is a notice of its own.
    await replyAsStaff(t, agent.token, c.id, { text: 'Anything else?' });
    const after = await chatNotices(client.token);
    expect(after).toHaveLength(2);
    expect(after.filter((n) => n.read_at === null)).toHaveLength(1);
    // Another client hears of none of it.
    expect(await chatNotices((await signUpClient(t)).token)).toEqual([]);
  });

  it('a reply that is not stored (a closed conversation) writes no notice', async () => {
    const client = await signUpClient(t);
    await sendAsClient(t, client.token, { text: 'Thanks, all done.' });
    const c = await conversationOf(t, agent.token, client.id);
    expect((await t.api.post(`${INBOX}/conversations/${c.id}/close`, {}, agent.token)).status).toBe(
      200,
    );
    expect((await replyAsStaff(t, agent.token, c.id, { text: 'Bye.' })).status).toBe(409);
    expect(await chatNotices(client.token)).toEqual([]);
  });
});

describe('the per-client rate limit', () => {
  it(`takes ${CHAT_RATE_PER_MINUTE} messages a minute and then says so clearly`, async () => {
    const client = await signUpClient(t);
    for (let i = 0; i < CHAT_RATE_PER_MINUTE; i++)
      expect((await sendAsClient(t, client.token, { text: `m${i}` })).status).toBe(200);
    const refused = await sendAsClient(t, client.token, { text: 'one too many' });
    expect(refused.status).toBe(429);
    expect(refused.body.message).toBe(SM.tooFast);
    // Another client is not held back; a repeat of a stored message is still answered.
    expect((await sendAsClient(t, (await signUpClient(t)).token, { text: 'hi' })).status).toBe(200);
    t.clock.advance(61_000);
    expect((await sendAsClient(t, client.token, { text: 'later' })).status).toBe(200);
  });

  it('counts the limit exactly when sends arrive all at once', async () => {
    const client = await signUpClient(t);
    const replies = await Promise.all(
      Array.from({ length: CHAT_RATE_PER_MINUTE + 5 }, (_, i) =>
        sendAsClient(t, client.token, { text: `burst ${i}` }),
      ),
    );
    const statuses = replies.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(CHAT_RATE_PER_MINUTE);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    const seqs = await sqlRows<{ seq: number }>(
      t,
      `select m.seq from support_messages m join support_conversations c on c.id = m.conversation_id
       where c.client_id = '${client.id}' order by m.seq`,
    );
    expect(seqs.map((r) => r.seq)).toEqual(
      Array.from({ length: CHAT_RATE_PER_MINUTE }, (_, i) => i + 1),
    );
  });

  it('leaves no conversation behind when a first send is refused', async () => {
    const owner = await signUpClient(t);
    const id = randomUUID();
    expect((await sendAsClient(t, owner.token, { id, text: 'mine' })).status).toBe(200);
    const stranger = await signUpClient(t);
    expect((await sendAsClient(t, stranger.token, { id, text: 'mine' })).status).toBe(400);
    const rows = await sqlRows(
      t,
      `select 1 from support_conversations where client_id = '${stranger.id}'`,
    );
    expect(rows).toEqual([]);
  });
});

describe('close, reopen and assignment', () => {
  it('closes, refuses a staff reply while closed, reopens on the client’s next message', async () => {
    const client = await signUpClient(t);
    await sendAsClient(t, client.token, { text: 'Thanks, all sorted' });
    const c = await conversationOf(t, agent.token, client.id);
    expect((await t.api.post(`${INBOX}/conversations/${c.id}/close`, {}, agent.token)).status).toBe(
      200,
    );
    const again = await t.api.post(`${INBOX}/conversations/${c.id}/close`, {}, agent.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(SM.alreadyClosed);
    const reply = await replyAsStaff(t, agent.token, c.id, { text: 'Anything else?' });
    expect(reply.status).toBe(409);
    expect((await history(client.token)).body.data.conversation.status).toBe('closed');
    await sendAsClient(t, client.token, { text: 'One more thing' });
    expect((await conversationOf(t, agent.token, client.id)).status).toBe('open');
    const actions = await sqlRows<{ action: string; actor_type: string }>(
      t,
      `select action, actor_type from audit_log where subject_id = '${c.id}' order by id`,
    );
    expect(actions).toEqual([
      { action: 'support_conversation.close', actor_type: 'staff' },
      { action: 'support_conversation.reopen', actor_type: 'client' },
    ]);
  });

  it('assigns to a support agent, refuses an operations officer, unassigns', async () => {
    const client = await signUpClient(t);
    await sendAsClient(t, client.token, { text: 'Hi' });
    const c = await conversationOf(t, admin.token, client.id);
    const ops = await signInStaff(t, 'operations');
    const bad = await t.api.post(
      `${INBOX}/conversations/${c.id}/assign`,
      { assignee_id: ops.id },
      admin.token,
    );
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe(SM.assigneeInvalid);
    const ok = await t.api.post<{ assignee_id: string }>(
      `${INBOX}/conversations/${c.id}/assign`,
      { assignee_id: agent.id },
      admin.token,
    );
    expect(ok.body.data.assignee_id).toBe(agent.id);
    const mine = await t.api.get<{ items: { id: string }[] }>(
      `${INBOX}/conversations?filter=mine`,
      agent.token,
    );
    expect(mine.body.data.items.map((i) => i.id)).toContain(c.id);
    const none = await t.api.post<{ assignee_id: null }>(
      `${INBOX}/conversations/${c.id}/assign`,
      { assignee_id: null },
      admin.token,
    );
    expect(none.body.data.assignee_id).toBeNull();
  });
});

describe('the audit trail', () => {
  it('names the author of every staff message', async () => {
    const client = await signUpClient(t);
    await sendAsClient(t, client.token, { text: 'Hello?' });
    const c = await conversationOf(t, agent.token, client.id);
    const sent = await replyAsStaff(t, agent.token, c.id, { text: 'Hello, how can I help?' });
    const [row] = await sqlRows<{ actor_type: string; actor_id: string; after: { text: string } }>(
      t,
      `select actor_type, actor_id, after from audit_log where action = 'support.message' and subject_id = '${sent.body.data.message.id}'`,
    );
    expect(row).toMatchObject({
      actor_type: 'staff',
      actor_id: agent.id,
      after: { text: 'Hello, how can I help?' },
    });
  });
});

describe('canned replies', () => {
  it('an admin edits them; an agent reads them and may not edit', async () => {
    const created = await t.api.post<{ id: string }>(
      `${INBOX}/canned-replies`,
      { title: 'Greeting', text: 'Namaste! How can I help you today?' },
      admin.token,
    );
    expect(created.status).toBe(200);
    const id = created.body.data.id;
    expect(
      (
        await t.api.put(
          `${INBOX}/canned-replies/${id}`,
          { title: 'Hi', text: 'Hello' },
          agent.token,
        )
      ).status,
    ).toBe(403);
    expect(
      (await t.api.put(`${INBOX}/canned-replies/${id}`, { title: 'Hi', text: '' }, admin.token))
        .status,
    ).toBe(400);
    const list = await t.api.get<{ id: string; title: string }[]>(
      `${INBOX}/canned-replies`,
      agent.token,
    );
    expect(list.body.data.map((r) => r.title)).toContain('Greeting');
    const missing = await t.api.raw(`${INBOX}/canned-replies/${randomUUID()}`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${admin.token}` },
    });
    expect(missing.status).toBe(404);
  });
});

describe('live events', () => {
  it('pushes a client message to agents and a reply, typing and read marks to the client', async () => {
    const client = await signUpClient(t);
    const phone = await openSocket(t.baseUrl, '/ws/app/v1', client.token);
    const inbox = await openSocket(t.baseUrl, '/ws/console/v1', agent.token);
    try {
      await sendAsClient(t, client.token, { text: 'Live?' });
      await until(() => chatFrames(inbox, 'message').length === 1);
      const frame = chatFrames(inbox, 'message')[0]!;
      expect(frame.client_id).toBe(client.id);
      expect(frame.message!.text).toBe('Live?');
      // The client hears its own message too (another tab of the same client stays in step).
      await until(() => chatFrames(phone, 'message').length === 1);

      const conversationId = frame.conversation_id as string;
      inbox.socket.send(JSON.stringify({ type: 'typing', conversation_id: conversationId }));
      await until(() => chatFrames(phone, 'typing').length === 1);
      expect(chatFrames(phone, 'typing')[0]!.agent_name).toEqual(expect.any(String));

      await replyAsStaff(t, agent.token, conversationId, { text: 'Yes, live.' });
      await until(() => chatFrames(phone, 'message').length === 2);
      expect(chatFrames(phone, 'message')[1]!.message!.author).toBe('staff');
      expect(chatFrames(phone, 'read').at(-1)).toMatchObject({ by: 'staff' });

      phone.socket.send(JSON.stringify({ type: 'chat.typing' }));
      await until(() => chatFrames(inbox, 'typing').length === 1);
      // The agents learn which conversation (it went out as '' before, issue 31).
      expect(chatFrames(inbox, 'typing')[0]!.conversation_id).toBe(conversationId);
      await t.api.post(`${CHAT}/read`, { seq: 2 }, client.token);
      await until(() => chatFrames(inbox, 'read').some((f) => f.by === 'client'));
    } finally {
      phone.close();
      inbox.close();
    }
  });

  it('refuses the console socket to a role without the inbox', async () => {
    const ops = await signInStaff(t, 'operations');
    await expect(openSocket(t.baseUrl, '/ws/console/v1', ops.token)).rejects.toThrow('closed 4401');
  });

  /**
   * The code the server closes this socket with, and whether a heartbeat's ping came first:
   * each beat (15 s) re-checks sessions too, so a close after a ping could be the beat's.
   */
  const closing = (inbox: Frames) => {
    const seen = inbox.frames.length;
    return new Promise<{ code: number; pinged: boolean }>((resolve) =>
      inbox.socket.once('close', (code) =>
        resolve({ code, pinged: inbox.frames.slice(seen).some((f) => f.type === 'ping') }),
      ),
    );
  };

  it('closes an agent’s socket (4401) as soon as its session is signed out', async () => {
    const member = await signInStaff(t, 'support');
    const inbox = await openSocket(t.baseUrl, '/ws/console/v1', member.token);
    const closed = closing(inbox);
    expect((await t.api.post('/console/api/v1/auth/sign-out', {}, member.token)).status).toBe(200);
    // Before the next heartbeat's re-check: the change itself re-checks.
    expect(await closed).toEqual({ code: 4401, pinged: false });
  });

  it('closes an agent’s socket (4401) as soon as the support role is taken away', async () => {
    const member = await signInStaff(t, 'support');
    const inbox = await openSocket(t.baseUrl, '/ws/console/v1', member.token);
    const closed = closing(inbox);
    const reply = await t.api.post(
      `/console/api/v1/staff/${member.id}/roles`,
      { roles: ['operations'] },
      admin.token,
    );
    expect(reply.status).toBe(200);
    expect(await closed).toEqual({ code: 4401, pinged: false });
  });
});
