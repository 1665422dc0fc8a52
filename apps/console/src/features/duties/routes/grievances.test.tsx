import { GRIEVANCE_MSG } from '@sampada/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { formatIstDay } from '../../../lib/format';
import { session } from '../../../lib/session';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { cleanNotifications, signInAs } from '../../../test/session';
import { grievance } from '../test/fixtures';
import { GrievancesPage } from './grievances';

const LIST = 'GET /grievances';
const LATE_ID = '8192b3c4-d5e6-4f70-9b8c-9d0e1f2a3b4c';
const late = grievance(25, {
  id: LATE_ID,
  reference: 'GRV-000007',
  subject: 'Withdrawal not received',
  description: 'I asked for ₹5,000 two weeks ago.',
  category: 'funds',
});
const fresh = grievance(5);
const RESOLVE = `POST /grievances/${fresh.id}/resolve`;
const renderQueue = (route = '/grievances') =>
  renderWithProviders(<GrievancesPage />, { path: '/grievances', route });

describe('GrievancesPage', () => {
  afterEach(async () => {
    session.clear();
    await cleanNotifications();
  });

  it('lists open complaints on their 21-day timeline, the overdue one flagged', async () => {
    signInAs(['support']);
    const api = mockApi({ [LIST]: ok([late, fresh]) });
    renderQueue();
    const [first, second] = await screen.findAllByTestId('grievance-row');
    expect(api.callsTo(LIST)[0]!.params).toEqual({ status: 'open' });
    expect(first).toHaveTextContent('GRV-000007 · Funds');
    expect(first).toHaveTextContent('Withdrawal not received');
    expect(first).toHaveTextContent('I asked for ₹5,000 two weeks ago.');
    expect(within(first!).getByTestId('grievance-due')).toHaveTextContent(
      `${formatIstDay(late.due_date)}4 days overdue`,
    );
    expect(within(first!).getByTestId('overdue')).toHaveTextContent('Overdue');
    expect(first).toHaveTextContent('10:30 am IST');

    expect(second).toHaveTextContent('GRV-000042 · Contract note');
    expect(second).toHaveTextContent('Kavya Iyer');
    expect(second).toHaveTextContent('UID 100001');
    expect(within(second!).getByTestId('grievance-due')).toHaveTextContent('16 days left of 21');
    expect(within(second!).queryByTestId('overdue')).not.toBeInTheDocument();
    expect(second).toHaveTextContent('Open');
  });

  it('resolves with a note: an empty one is refused here, then the client is told', async () => {
    signInAs(['operations']);
    const resolution = 'The note was re-sent to your verified address.';
    const resolved = {
      ...fresh,
      status: 'resolved',
      resolution,
      resolved_at: new Date().toISOString(),
    };
    const api = mockApi({
      [LIST]: [ok([fresh]), ok([])],
      [RESOLVE]: ok(resolved, 'The complaint is resolved; the client is told.'),
    });
    renderQueue();
    const row = await screen.findByTestId('grievance-row');
    // The action sits with the complaint, first: on a phone the wide table's last column is off screen.
    const [first] = within(row).getAllByRole('cell');
    expect(within(first!).getByRole('button', { name: 'Resolve' })).toBeInTheDocument();
    await userEvent.click(within(row).getByRole('button', { name: 'Resolve' }));
    const form = await screen.findByRole('form', { name: 'Resolve complaint' });
    expect(form).toHaveTextContent('I bought 10 INFY on Monday and got no contract note.');
    await userEvent.click(within(form).getByRole('button', { name: 'Resolve' }));
    expect(await within(form).findByText(GRIEVANCE_MSG.resolutionRequired)).toBeInTheDocument();
    expect(api.callsTo(RESOLVE)).toHaveLength(0);

    await userEvent.type(within(form).getByLabelText(/Resolution/), resolution);
    await userEvent.click(within(form).getByRole('button', { name: 'Resolve' }));
    expect(
      await screen.findByText('The complaint is resolved; the client is told.'),
    ).toBeInTheDocument();
    expect(api.callsTo(RESOLVE)[0]!.body).toEqual({ resolution });
    expect(await screen.findByText('No open complaints.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('form', { name: 'Resolve complaint' })).not.toBeInTheDocument(),
    );
  });

  it("shows the server's refusal in the dialog when another officer resolved it first", async () => {
    signInAs(['support']);
    mockApi({ [LIST]: ok([fresh]), [RESOLVE]: fail(400, GRIEVANCE_MSG.alreadyResolved) });
    renderQueue();
    const row = await screen.findByTestId('grievance-row');
    await userEvent.click(within(row).getByRole('button', { name: 'Resolve' }));
    const form = await screen.findByRole('form', { name: 'Resolve complaint' });
    await userEvent.type(within(form).getByLabelText(/Resolution/), 'Done.');
    await userEvent.click(within(form).getByRole('button', { name: 'Resolve' }));
    expect(await within(form).findByTestId('resolve-error')).toHaveTextContent(
      GRIEVANCE_MSG.alreadyResolved,
    );
  });

  it('lists the resolved ones with what was done and when, and no Resolve', async () => {
    signInAs(['support']);
    const done = grievance(10, {
      status: 'resolved',
      resolution: 'Refunded the DP charge.',
      resolved_at: fresh.filed_at,
    });
    const api = mockApi({ [LIST]: [ok([fresh]), ok([done])] });
    renderQueue();
    await screen.findByTestId('grievance-row');
    await userEvent.click(screen.getByLabelText('Status', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Resolved', hidden: true }));
    expect(await screen.findByText('Refunded the DP charge.')).toBeInTheDocument();
    expect(api.callsTo(LIST).at(-1)!.params).toEqual({ status: 'resolved' });
    const row = screen.getByTestId('grievance-row');
    expect(row).toHaveTextContent('Resolved in 5 days of 21');
    expect(within(row).queryByRole('button', { name: 'Resolve' })).not.toBeInTheDocument();
  });
});
