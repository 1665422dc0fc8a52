import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { reconciliation } from '../test/fixtures';
import { ReconciliationPage } from './reconciliation';

describe('ReconciliationPage', () => {
  it('shows OK and the firm balances', async () => {
    mockApi({ 'GET /funds/reconciliation': ok(reconciliation()) });
    renderWithProviders(<ReconciliationPage />);
    expect(await screen.findByTestId('reconciliation-result')).toHaveTextContent('OK');
    expect(screen.getByTestId('firm-account')).toHaveTextContent('-₹25,000.50');
  });

  it('lists discrepancies', async () => {
    mockApi({
      'GET /funds/reconciliation': ok(
        reconciliation({
          ok: false,
          discrepancies: [{ check: 'total', message: 'All lines sum to 100, not 0.' }],
        }),
      ),
    });
    renderWithProviders(<ReconciliationPage />);
    expect(await screen.findByTestId('reconciliation-result')).toHaveTextContent('1 discrepancies');
    expect(screen.getByTestId('discrepancy')).toHaveTextContent('All lines sum to 100, not 0.');
  });
});
