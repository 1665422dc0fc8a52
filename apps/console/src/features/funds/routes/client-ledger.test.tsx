import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { ClientLedgerPage } from './client-ledger';

const CLIENT_ID = '1d2e3f40-5a6b-4c7d-8e9f-0a1b2c3d4e5f';

describe('ClientLedgerPage', () => {
  it('shows the balances and each posting with both sides', async () => {
    mockApi({
      [`GET /funds/clients/${CLIENT_ID}/ledger`]: ok({
        client: { id: CLIENT_ID, uid: '100001', name: 'Kavya Iyer', mobile: '9876543210' },
        balances: {
          cash_available_paise: 2500050,
          cash_on_hold_paise: 0,
          loan_principal_paise: 0,
        },
        postings: {
          items: [
            {
              id: 'p1',
              kind: 'deposit',
              memo: 'Deposit by IMPS 412345678901',
              reference: 'deposit:abc',
              created_at: '2026-03-02T05:00:00.000Z',
              lines: [
                {
                  account: 'cash_available',
                  client_id: CLIENT_ID,
                  amount_paise: 2500050,
                  balance_after_paise: 2500050,
                },
                {
                  account: 'bank_clearing',
                  client_id: null,
                  amount_paise: -2500050,
                  balance_after_paise: null,
                },
              ],
            },
          ],
          next_cursor: null,
        },
      }),
    });
    renderWithProviders(<ClientLedgerPage />, {
      route: `/clients/${CLIENT_ID}/ledger`,
      path: '/clients/:id/ledger',
    });
    expect(await screen.findByTestId('balance-available')).toHaveTextContent('₹25,000.50');
    expect(screen.getByRole('heading', { name: 'Ledger: Kavya Iyer' })).toBeInTheDocument();
    expect(screen.getByTestId('posting-row')).toHaveTextContent('Deposit');
    expect(screen.getByText('+₹25,000.50')).toBeInTheDocument();
    expect(screen.getByText('Bank clearing (firm)')).toBeInTheDocument();
  });
});
