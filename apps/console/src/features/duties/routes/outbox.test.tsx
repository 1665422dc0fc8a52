import { MAIL_BODY_WITHHELD } from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { cleanNotifications, signInAs } from '../../../test/session';
import { FAILED_ID, failedMessage, message, outbox } from '../test/fixtures';
import { OutboxPage } from './outbox';

const LIST = 'GET /mail/outbox';
const REQUEUE = `POST /mail/outbox/${FAILED_ID}/requeue`;
const renderOutbox = (route = '/mail/outbox') =>
  renderWithProviders(<OutboxPage />, { path: '/mail/outbox', route });

describe('OutboxPage', () => {
  afterEach(async () => {
    session.clear();
    await cleanNotifications();
  });

  it('lists each message with purpose, recipient, subject, attempts and IST times', async () => {
    signInAs(['operations']);
    const api = mockApi({ [LIST]: ok(outbox([message()])) });
    renderOutbox();
    const row = await screen.findByTestId('outbox-row');
    expect(row).toHaveTextContent('Contract note for 2026-11-06');
    expect(row).toHaveTextContent('Contract note · contract-note-2026-11-06.pdf');
    expect(row).toHaveTextContent('kavya@client.test');
    expect(row).toHaveTextContent('Sent');
    // Written 16:00 IST, sent a minute later; a sent message has no next attempt.
    expect(row).toHaveTextContent('6 Nov 2026, 4:00 pm IST');
    expect(row).toHaveTextContent('6 Nov 2026, 4:01 pm IST');
    expect(within(row).queryByTestId('overdue')).not.toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: 'Requeue' })).not.toBeInTheDocument();
    expect(screen.getByTestId('count-sent')).toHaveTextContent('1');
    expect(screen.getByTestId('count-failed')).toHaveTextContent('1');
    expect(screen.getByText(/through the SMTP server \(SMTP_URL\)/)).toBeInTheDocument();
    expect(api.callsTo(LIST)[0]!.params).toEqual({ limit: 100 });
  });

  it('flags a message undelivered a day on, with its attempts and last error', async () => {
    signInAs(['operations']);
    mockApi({ [LIST]: ok(outbox([failedMessage(), message()])) });
    renderOutbox();
    const [failed, sent] = await screen.findAllByTestId('outbox-row');
    expect(failed).toHaveAttribute('data-overdue', 'true');
    expect(within(failed!).getByTestId('overdue')).toHaveTextContent('Overdue');
    expect(failed).toHaveTextContent('Failed');
    expect(failed).toHaveTextContent('550 5.1.1 Mailbox unavailable');
    expect(failed).toHaveTextContent('Email verify');
    expect(within(failed!).getAllByRole('cell')[4]).toHaveTextContent('7');
    expect(sent).not.toHaveAttribute('data-overdue');
    expect(screen.getByTestId('overdue-alert')).toHaveTextContent(
      '1 message listed was not delivered 24 hours after it was written.',
    );
  });

  it('opens a message to read its text, and says when the text is withheld', async () => {
    signInAs(['operations']);
    const sent = message();
    const api = mockApi({
      [LIST]: ok(outbox([sent])),
      [`GET /mail/outbox/${sent.id}`]: ok({
        id: sent.id,
        purpose: sent.purpose,
        to: sent.to,
        subject: sent.subject,
        body: 'Dear client,\nyour contract note is attached.',
        withheld: null,
        attachments: sent.attachments,
      }),
    });
    renderOutbox();
    // Nothing is read (and audited) until an officer opens the message.
    const row = await screen.findByTestId('outbox-row');
    expect(api.callsTo(`GET /mail/outbox/${sent.id}`)).toHaveLength(0);
    await userEvent.click(within(row).getByRole('button', { name: `Read ${sent.subject}` }));
    const opened = await screen.findByTestId('outbox-message');
    expect(opened).toHaveTextContent('your contract note is attached.');
    expect(opened).toHaveTextContent(`To ${sent.to}`);
  });

  it('shows why a message holding a one-time code has no text', async () => {
    signInAs(['operations']);
    const code = message({ purpose: 'email.verify', subject: 'Your code' });
    mockApi({
      [LIST]: ok(outbox([code])),
      [`GET /mail/outbox/${code.id}`]: ok({
        id: code.id,
        purpose: code.purpose,
        to: code.to,
        subject: code.subject,
        body: null,
        withheld: MAIL_BODY_WITHHELD,
        attachments: [],
      }),
    });
    renderOutbox();
    await userEvent.click(await screen.findByRole('button', { name: 'Read Your code' }));
    expect(await screen.findByTestId('outbox-message')).toHaveTextContent(MAIL_BODY_WITHHELD);
  });

  it('asks the server for the status picked', async () => {
    signInAs(['operations']);
    const api = mockApi({ [LIST]: [ok(outbox([message()])), ok(outbox([]))] });
    renderOutbox();
    await screen.findByTestId('outbox-row');
    await userEvent.click(screen.getByLabelText('Status', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Failed', hidden: true }));
    expect(await screen.findByText('No messages.')).toBeInTheDocument();
    expect(api.callsTo(LIST).at(-1)!.params).toEqual({ status: 'failed', limit: 100 });
  });

  it('reads the status from the address', async () => {
    signInAs(['operations']);
    const api = mockApi({ [LIST]: ok(outbox([failedMessage()])) });
    renderOutbox('/mail/outbox?status=failed');
    await screen.findByTestId('outbox-row');
    expect(api.callsTo(LIST)[0]!.params).toEqual({ status: 'failed', limit: 100 });
    expect(screen.getByLabelText('Status', { selector: 'input' })).toHaveValue('Failed');
  });

  it('requeues a failed message, says so and reads the outbox again', async () => {
    signInAs(['operations']);
    const requeued = { ...failedMessage(), status: 'queued' as const, attempts: 0 };
    const api = mockApi({
      [LIST]: [ok(outbox([failedMessage()])), ok(outbox([requeued]))],
      [REQUEUE]: ok(null, 'The message is queued again.'),
    });
    renderOutbox();
    const row = await screen.findByTestId('outbox-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Requeue' }));
    expect(await screen.findByText('The message is queued again.')).toBeInTheDocument();
    expect(api.callsTo(REQUEUE)).toHaveLength(1);
    expect(await screen.findByText('Queued', { selector: '.mantine-Badge-label' })).toBeVisible();
    expect(api.callsTo(LIST)).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Requeue' })).not.toBeInTheDocument();
  });

  it("shows the server's refusal when the message is no longer failed", async () => {
    signInAs(['admin']);
    mockApi({
      [LIST]: ok(outbox([failedMessage()])),
      [REQUEUE]: fail(400, 'Only a failed message can be sent again.'),
    });
    renderOutbox();
    const row = await screen.findByTestId('outbox-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Requeue' }));
    expect(await screen.findByText('Only a failed message can be sent again.')).toBeInTheDocument();
  });
});
