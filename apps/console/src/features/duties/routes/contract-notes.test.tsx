import { istToday } from '@sampada/shared';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { cleanNotifications, signInAs } from '../../../test/session';
import { FAILED_ID, noteRun, runItem } from '../test/fixtures';
import { ContractNotesPage } from './contract-notes';

const RUN = 'GET /mail/contract-notes';
const START = 'POST /mail/contract-notes/run';
const DAY = '2026-11-06';
const renderRun = (route = `/mail/contract-notes?date=${DAY}`) =>
  renderWithProviders(<ContractNotesPage />, { path: '/mail/contract-notes', route });

const SKIPPED = runItem({
  client_id: '2e3f4051-6b7c-4d8e-9fa0-1b2c3d4e5f60',
  client_uid: '100002',
  client_name: 'Ravi Kumar',
  mail_id: null,
  to: null,
  notes: 1,
  skipped_reason: 'No verified e-mail address',
  status: 'skipped',
  attempts: 0,
  sent_at: null,
  overdue: true,
});
const FAILED = runItem({
  client_id: '3f405162-7c8d-4e9f-a0b1-2c3d4e5f6071',
  client_uid: '100003',
  client_name: 'Meera Shah',
  mail_id: FAILED_ID,
  to: 'meera@client.test',
  status: 'failed',
  attempts: 7,
  last_error: '421 Service not available',
  sent_at: null,
  overdue: true,
});

describe('ContractNotesPage', () => {
  afterEach(async () => {
    session.clear();
    await cleanNotifications();
  });

  it("shows the day's run: the counts, each client's message, the late ones flagged", async () => {
    signInAs(['operations']);
    const api = mockApi({ [RUN]: ok(noteRun(DAY, [runItem(), SKIPPED, FAILED])) });
    renderRun();
    const rows = await screen.findAllByTestId('note-row');
    expect(api.callsTo(RUN)[0]!.params).toEqual({ date: DAY });
    expect(screen.getByTestId('count-clients')).toHaveTextContent('3');
    expect(screen.getByTestId('count-sent')).toHaveTextContent('1');
    expect(screen.getByTestId('count-failed')).toHaveTextContent('1');
    expect(screen.getByTestId('count-retried')).toHaveTextContent('2');
    expect(screen.getByTestId('count-skipped')).toHaveTextContent('1');
    expect(screen.getByTestId('count-overdue')).toHaveTextContent('2');

    const [sent, skipped, failed] = rows;
    expect(sent).toHaveTextContent('Kavya Iyer');
    expect(sent).toHaveTextContent('UID 100001');
    expect(sent).toHaveTextContent('kavya@client.test');
    expect(sent).toHaveTextContent('6 Nov 2026, 4:01 pm IST');
    expect(within(sent!).queryByTestId('overdue')).not.toBeInTheDocument();
    expect(within(sent!).getByRole('link', { name: 'Kavya Iyer' })).toHaveAttribute(
      'href',
      '/clients/1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f',
    );
    expect(skipped).toHaveTextContent('Not sent');
    expect(skipped).toHaveTextContent('No verified e-mail address');
    expect(within(skipped!).getByTestId('overdue')).toBeInTheDocument();
    expect(within(skipped!).queryByRole('button', { name: 'Requeue' })).not.toBeInTheDocument();
    expect(failed).toHaveTextContent('421 Service not available');
    expect(within(failed!).getByTestId('overdue')).toBeInTheDocument();
  });

  it('reads another day when a date is picked, today by default', async () => {
    signInAs(['operations']);
    const api = mockApi({ [RUN]: ok(noteRun(DAY, [])) });
    renderRun('/mail/contract-notes');
    expect(await screen.findByText(/no client had a fill that day/)).toBeInTheDocument();
    expect(api.callsTo(RUN)[0]!.params).toEqual({ date: istToday() });
    fireEvent.change(screen.getByLabelText('Trade date'), { target: { value: '2026-11-05' } });
    await screen.findByText(/Nothing for 5 Nov 2026 yet/);
    expect(api.callsTo(RUN).at(-1)!.params).toEqual({ date: '2026-11-05' });
  });

  it('starts a run for the picked date and shows the run the server answers', async () => {
    signInAs(['operations']);
    const api = mockApi({
      [RUN]: [ok(noteRun(DAY, [])), ok(noteRun(DAY, [runItem({ status: 'queued' })]))],
      [START]: ok(
        noteRun(DAY, [runItem({ status: 'queued' })]),
        'The day’s contract notes are queued.',
      ),
    });
    renderRun();
    await screen.findByText(/Nothing for 6 Nov 2026 yet/);
    await userEvent.click(screen.getByRole('button', { name: 'Start run' }));
    expect(await screen.findByText('The day’s contract notes are queued.')).toBeInTheDocument();
    expect(api.callsTo(START)[0]!.body).toEqual({ date: DAY });
    const row = await screen.findByTestId('note-row');
    expect(row).toHaveTextContent('Queued');
    expect(screen.getByTestId('count-queued')).toHaveTextContent('1');
  });

  it('refuses to start a run without a date, and shows a refusal from the server', async () => {
    signInAs(['admin']);
    mockApi({
      [RUN]: ok(noteRun(DAY, [])),
      [START]: fail(400, 'Give the trade date as YYYY-MM-DD.'),
    });
    renderRun();
    const button = await screen.findByRole('button', { name: 'Start run' });
    await userEvent.click(button);
    expect(await screen.findByTestId('run-error')).toHaveTextContent(
      'Give the trade date as YYYY-MM-DD.',
    );
    fireEvent.change(screen.getByLabelText('Trade date'), { target: { value: '' } });
    expect(screen.getByRole('button', { name: 'Start run' })).toBeDisabled();
    expect(
      screen.getByText('Give the trade date as YYYY-MM-DD.', {
        selector: '.mantine-InputWrapper-error',
      }),
    ).toBeInTheDocument();
  });

  it('requeues a failed note by its message', async () => {
    signInAs(['operations']);
    const api = mockApi({
      [RUN]: ok(noteRun(DAY, [FAILED])),
      [`POST /mail/outbox/${FAILED_ID}/requeue`]: ok(null, 'The message is queued again.'),
    });
    renderRun();
    const row = await screen.findByTestId('note-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Requeue' }));
    expect(await screen.findByText('The message is queued again.')).toBeInTheDocument();
    expect(api.callsTo(`POST /mail/outbox/${FAILED_ID}/requeue`)).toHaveLength(1);
  });
});
