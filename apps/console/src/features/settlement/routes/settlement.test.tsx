import { SETTLEMENT_MSG } from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { cleanNotifications, signInAs } from '../../../test/session';
import { BATCH_ID, settlementBatch } from '../test/fixtures';
import { SettlementPage } from './settlement';

const { lines: _lines, ...listed } = settlementBatch({
  status: 'paid',
  decided_by: 'checker@sampada.in',
  decided_at: '2026-11-06T06:45:00.000Z',
  paid_paise: 4_750_000,
});
const LIST = {
  items: [listed],
  next_dates: { quarterly: '2027-01-01', monthly: '2026-12-04' },
};

describe('SettlementPage', () => {
  afterEach(async () => {
    session.clear();
    await cleanNotifications();
  });

  it('lists batches with maker, checker and IST times, and the next settlement dates', async () => {
    signInAs(['operations']);
    mockApi({ 'GET /settlement/batches': ok(LIST) });
    renderWithProviders(<SettlementPage />);
    const row = await screen.findByTestId('batch-row');
    expect(row).toHaveTextContent('6 Nov 2026');
    expect(row).toHaveTextContent('Paid');
    expect(row).toHaveTextContent('maker@sampada.in');
    expect(row).toHaveTextContent('6 Nov 2026, 10:00 am IST');
    expect(row).toHaveTextContent('checker@sampada.in');
    expect(row).toHaveTextContent('12:15 pm IST');
    expect(row).toHaveTextContent('₹47,500.00');
    expect(screen.getByTestId('next-quarterly')).toHaveTextContent('1 Jan 2027');
    expect(screen.getByTestId('next-monthly')).toHaveTextContent('4 Dec 2026');
  });

  it("checks the date's form with the shared schema, then shows the server's refusal", async () => {
    signInAs(['operations']);
    const PREPARE = 'POST /settlement/batches';
    const refusal = SETTLEMENT_MSG.notSettlementDate('2026-11-05', '2026-12-04');
    const api = mockApi({
      'GET /settlement/batches': ok(LIST),
      [PREPARE]: fail(400, refusal),
    });
    renderWithProviders(<SettlementPage />);
    const form = await screen.findByRole('form', { name: 'Prepare batch' });
    const input = within(form).getByLabelText('Settlement date');
    expect(input).toHaveValue('2026-12-04');
    await userEvent.clear(input);
    await userEvent.type(input, '5 Nov');
    await userEvent.click(within(form).getByRole('button', { name: 'Prepare batch' }));
    expect(
      await within(form).findByText('Give the settlement date as YYYY-MM-DD.'),
    ).toBeInTheDocument();
    expect(api.callsTo(PREPARE)).toHaveLength(0);

    await userEvent.clear(input);
    await userEvent.type(input, '2026-11-05');
    await userEvent.click(within(form).getByRole('button', { name: 'Prepare batch' }));
    expect(await screen.findByTestId('prepare-error')).toHaveTextContent(refusal);
    expect(api.callsTo(PREPARE)[0]!.body).toEqual({ date: '2026-11-05' });
  });

  it('opens the prepared batch', async () => {
    signInAs(['operations']);
    mockApi({
      'GET /settlement/batches': ok(LIST),
      'POST /settlement/batches': ok(settlementBatch(), SETTLEMENT_MSG.prepared),
    });
    renderWithProviders(<SettlementPage />, {
      path: '/funds/settlement',
      route: '/funds/settlement',
    });
    const form = await screen.findByRole('form', { name: 'Prepare batch' });
    await userEvent.click(within(form).getByRole('button', { name: 'Prepare batch' }));
    expect(await screen.findByText(SETTLEMENT_MSG.prepared)).toBeInTheDocument();
    expect(await screen.findByTestId('location')).toHaveTextContent(
      `/funds/settlement/${BATCH_ID}`,
    );
  });

  it('shows no prepare control to staff without the decide area', async () => {
    signInAs(['support']);
    mockApi({ 'GET /settlement/batches': ok(LIST) });
    renderWithProviders(<SettlementPage />);
    await screen.findByTestId('batch-row');
    expect(screen.queryByRole('form', { name: 'Prepare batch' })).not.toBeInTheDocument();
  });
});
