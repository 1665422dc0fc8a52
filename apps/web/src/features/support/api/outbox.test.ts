import { SM } from '@sampada/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../test/http';
import { formatDays } from '../components/chat-widget';
import { flushOutbox, outboxStore } from './chat';

const item = (id: string, text: string) => ({
  id,
  text,
  image_url: null,
  created_at: new Date().toISOString(),
});
const stored = (id: string, seq: number) => ({
  message: {
    id,
    seq,
    author: 'client',
    agent_name: null,
    text: 'x',
    image_url: null,
    status: 'sent',
    created_at: '',
  },
  duplicate: false,
});

beforeEach(() => {
  for (const i of outboxStore.get()) outboxStore.remove(i.id);
});

describe('the chat outbox', () => {
  it('sends waiting messages in order, each once, with the id given when written', async () => {
    const { callsTo } = mockApi({
      'POST /chat/app/v1/messages': [ok(stored('a', 1)), ok(stored('b', 2))],
    });
    // A flush with nothing to send must not block the next one.
    await flushOutbox(() => {});
    outboxStore.add(item('a', 'first'));
    outboxStore.add(item('b', 'second'));
    const sent: string[] = [];
    await flushOutbox((m) => sent.push(m.id));
    expect(sent).toEqual(['a', 'b']);
    expect(callsTo('POST /chat/app/v1/messages').map((c) => (c.body as { id: string }).id)).toEqual(
      ['a', 'b'],
    );
    expect(outboxStore.get()).toEqual([]);
  });

  it('keeps a message through a network failure and sends it once the next flush runs', async () => {
    mockApi({
      'POST /chat/app/v1/messages': [{ status: 0, error: 'network' }, ok(stored('c', 3))],
    });
    outboxStore.add(item('c', 'while offline'));
    await flushOutbox(() => {});
    expect(outboxStore.get().map((i) => i.id)).toEqual(['c']);
    const sent = vi.fn();
    await flushOutbox(sent);
    expect(sent).toHaveBeenCalledOnce();
    expect(outboxStore.get()).toEqual([]);
  });

  it('drops a refused message and says why', async () => {
    mockApi({ 'POST /chat/app/v1/messages': fail(400, SM.textTooLong) });
    outboxStore.add(item('d', 'too long'));
    await flushOutbox(() => {});
    expect(outboxStore.get()).toEqual([]);
  });
});

describe('office days', () => {
  it('reads a run of days as a range and others as a list', () => {
    expect(formatDays([1, 2, 3, 4, 5, 6])).toBe('Mon–Sat');
    expect(formatDays([1, 3])).toBe('Mon, Wed');
    expect(formatDays([])).toBe('—');
  });
});
