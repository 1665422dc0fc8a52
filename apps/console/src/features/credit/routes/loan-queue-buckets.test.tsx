import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { consoleLoan, signInAs } from '../test/loan-fixtures';
import { LoanQueuePage } from './loan-queue';

const LIST = 'GET /credit/loans';
const BUCKETS = 'GET /credit/loans/buckets';
const counts = { current: 12, sma_0: 3, sma_1: 1, sma_2: 0, npa: 2 };
const page = (items = [consoleLoan()]) => ({ items, next_cursor: null });
const render = (route = '/credit/loans') =>
  renderWithProviders(<LoanQueuePage />, { route, path: '/credit/loans' });

afterEach(() => session.clear('signed-out'));

describe('the loan queue by days past due', () => {
  it('shows each bucket’s count; picking one asks for its disbursed loans', async () => {
    signInAs(['operations']);
    const api = mockApi({ [LIST]: ok(page()), [BUCKETS]: ok(counts) });
    render();
    const filter = await screen.findByTestId('loan-bucket-filter');
    expect(await within(filter).findByTestId('bucket-count-current')).toHaveTextContent('12');
    expect(within(filter).getByTestId('bucket-sma_0')).toHaveTextContent('SMA-03');
    expect(within(filter).getByTestId('bucket-count-sma_2')).toHaveTextContent('0');
    expect(within(filter).getByTestId('bucket-count-npa')).toHaveTextContent('2');
    expect(api.callsTo(LIST)[0]!.params).toEqual({ status: 'applied', limit: 50 });

    await userEvent.click(within(filter).getByTestId('bucket-sma_1'));
    await waitFor(() =>
      expect(api.callsTo(LIST).at(-1)!.params).toEqual({
        status: 'disbursed',
        bucket: 'sma_1',
        limit: 50,
      }),
    );
    expect(screen.getByLabelText('Status', { selector: 'input' })).toHaveValue('disbursed');
    expect(
      screen.getByText('Disbursed loans: SMA-1 (31–60 days past due), newest first'),
    ).toBeInTheDocument();
  });

  it('reads the bucket from the address; choosing a status drops it', async () => {
    signInAs(['advisor']);
    const api = mockApi({ [LIST]: ok(page()), [BUCKETS]: ok(counts) });
    render('/credit/loans?status=disbursed&bucket=npa');
    await screen.findAllByTestId('loan-row');
    expect(api.callsTo(LIST)[0]!.params).toEqual({
      status: 'disbursed',
      bucket: 'npa',
      limit: 50,
    });
    expect(
      within(screen.getByTestId('loan-bucket-filter')).getByRole('radio', { name: /NPA/ }),
    ).toBeChecked();

    await userEvent.click(screen.getByLabelText('Status', { selector: 'input' }));
    await userEvent.click(await screen.findByRole('option', { name: 'closed', hidden: true }));
    await waitFor(() =>
      expect(api.callsTo(LIST).at(-1)!.params).toEqual({ status: 'closed', limit: 50 }),
    );
    expect(
      within(screen.getByTestId('loan-bucket-filter')).getByRole('radio', { name: 'Any DPD' }),
    ).toBeChecked();
  });

  it('disbursed loans show what is due now and overdue, in rupees and IST days', async () => {
    signInAs(['operations']);
    mockApi({
      [LIST]: ok(
        page([
          consoleLoan(),
          consoleLoan({
            id: '77777777-7777-4777-8777-777777777777',
            due_now_paise: 0,
            past_due_paise: 0,
            dpd: 0,
            dpd_bucket: 'current',
            next_due_date: '2027-03-05',
          }),
          consoleLoan({ id: '88888888-8888-4888-8888-888888888888', status: 'closed' }),
        ]),
      ),
      [BUCKETS]: ok(counts),
    });
    render('/credit/loans?status=disbursed');
    const [late, onTime, closed] = await screen.findAllByTestId('loan-row');
    const heads = screen.getAllByRole('columnheader').map((c) => c.textContent);
    expect(heads).toEqual(expect.arrayContaining(['Due now', 'Overdue']));
    expect(within(late!).getByTestId('loan-due-now')).toHaveTextContent('₹44,883.00');
    expect(late).toHaveTextContent('next 20 Feb 2027 (IST)');
    expect(within(late!).getByTestId('loan-overdue')).toHaveTextContent('₹22,673.00');
    expect(within(late!).getByTestId('loan-dpd')).toHaveTextContent('SMA-1 · 45 DPD');
    expect(within(late!).getByText('₹2,50,000.00')).toBeInTheDocument();
    expect(within(onTime!).getByTestId('loan-overdue')).toHaveTextContent('₹0.00');
    expect(within(onTime!).getByTestId('loan-dpd')).toHaveTextContent('Current');
    expect(onTime).toHaveTextContent('next 5 Mar 2027 (IST)');
    // A closed loan owes no instalments: a dash, not ₹0.00 and "Current".
    expect(within(closed!).queryByTestId('loan-due-now')).toBeNull();
    expect(within(closed!).queryByTestId('loan-dpd')).toBeNull();
  });

  it('the waiting applications keep their columns: no dues on applications', async () => {
    signInAs(['operations']);
    mockApi({ [LIST]: ok(page([consoleLoan({ status: 'applied' })])), [BUCKETS]: ok(counts) });
    render();
    await screen.findAllByTestId('loan-row');
    const heads = screen.getAllByRole('columnheader').map((c) => c.textContent);
    expect(heads).not.toContain('Due now');
    expect(heads).not.toContain('Overdue');
  });
});
