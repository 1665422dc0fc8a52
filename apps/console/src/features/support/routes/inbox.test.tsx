import type { TClientContext, TInboxConversation, TInboxThread } from '@sampada/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { mockApi, ok, type THandler } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { signInAs } from '../../../test/session';
import { InboxPage } from './inbox';

const conversation: TInboxConversation = {
  id: 'c1',
  client_id: 'k1',
  client_name: 'Kavya Iyer',
  client_uid: 'SMP0001',
  status: 'open',
  assignee_id: null,
  assignee_name: null,
  unread: 0,
  waiting_since: null,
  last_message_at: '2026-11-29T10:00:00.000Z',
  last_text: 'Where is my deposit?',
};
const thread: TInboxThread = {
  conversation,
  items: [
    {
      id: 'm1',
      seq: 1,
      author: 'client',
      agent_name: null,
      text: 'Where is my deposit?',
      image_url: null,
      status: 'read',
      created_at: '2026-11-29T10:00:00.000Z',
    },
  ],
  next_before: null,
  client_read_seq: 0,
};
const context: TClientContext = {
  client_id: 'k1',
  name: 'Kavya Iyer',
  uid: 'SMP0001',
  mobile: '9876500001',
  vip: 0,
  kyc_status: 'approved',
  advisor_name: null,
  open_applications: [],
  recent_orders: [],
  recent_funds: [],
};

afterEach(() => session.clear());

/** The inbox open on conversation c1; `reply` answers the agent's POST. */
function mockInbox(reply: THandler) {
  return mockApi({
    'GET /support/counts': ok({ open: 1, mine: 0, unassigned: 1, closed: 0 }),
    'GET /support/conversations': ok({ items: [conversation], next_cursor: null }),
    'GET /support/conversations/c1': ok(thread),
    'GET /support/conversations/c1/context': ok(context),
    'GET /support/canned-replies': ok([]),
    'GET /support/agents': ok([]),
    'POST /support/conversations/c1/messages': reply,
  });
}

describe('the support inbox reply box', () => {
  it('keeps what the agent typed while the last reply was still on its way', async () => {
    signInAs(['support']);
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    // The reply reaches the thread over the socket before the POST's answer comes back.
    mockInbox(async () => {
      await answered;
      return ok(null);
    });
    renderWithProviders(<InboxPage />, { route: '/support/c1', path: '/support/:id' });
    const box = await screen.findByLabelText('Reply');
    const user = userEvent.setup();

    await user.type(box, 'It was credited at 10:02 IST.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.clear(box);
    await user.type(box, 'Anything else?');
    answer();

    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send' })).not.toHaveAttribute('data-loading'),
    );
    expect(box).toHaveValue('Anything else?');
    expect(screen.getByRole('button', { name: 'Send' })).toBeEnabled();
  });

  it('empties the box once the reply is sent and nothing new was typed', async () => {
    signInAs(['support']);
    mockInbox(ok(null));
    renderWithProviders(<InboxPage />, { route: '/support/c1', path: '/support/:id' });
    const box = await screen.findByLabelText('Reply');
    const user = userEvent.setup();
    await user.type(box, 'It was credited at 10:02 IST.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(box).toHaveValue(''));
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });
});

describe('the support inbox filters', () => {
  it('names each filter with its count, and a chosen one asks for its conversations', async () => {
    signInAs(['support']);
    const { callsTo } = mockInbox(ok(null));
    renderWithProviders(<InboxPage />, { route: '/support', path: '/support' });
    const filters = await screen.findByRole('radiogroup', { name: 'Conversations to show' });
    await waitFor(() => expect(filters).toHaveTextContent('Closed 0'));
    expect(screen.getByRole('radio', { name: 'Open 1' })).toBeChecked();
    await userEvent.setup().click(screen.getByRole('radio', { name: 'Closed 0' }));
    await waitFor(() =>
      expect(callsTo('GET /support/conversations').at(-1)!.params).toMatchObject({
        filter: 'closed',
      }),
    );
    expect(screen.getByRole('radio', { name: 'Closed 0' })).toBeChecked();
  });
});
