import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { ChangeText, SignedAmount } from './change-text';

describe('gains and losses on screen', () => {
  it('shows a zero P&L as ₹0.00 with no sign, arrow or loss colour (it read like "−₹0.00")', () => {
    renderWithProviders(<SignedAmount paise={0} data-testid="pnl" />);
    const pnl = screen.getByTestId('pnl');
    expect(pnl).toHaveTextContent(/^₹0\.00$/);
    expect(pnl).toHaveAttribute('data-direction', 'flat');
    expect(pnl.querySelector('svg')).toBeNull();
  });

  it('shows a change that rounds to zero as 0.00%, not -0.00% in red', () => {
    renderWithProviders(<ChangeText changePct={-0.001} data-testid="change" />);
    const change = screen.getByTestId('change');
    expect(change).toHaveTextContent(/^0\.00%$/);
    expect(change).toHaveAttribute('data-direction', 'flat');
  });

  it('leads a loss with its sign and a down arrow', () => {
    renderWithProviders(<SignedAmount paise={-8000} data-testid="pnl" />);
    const pnl = screen.getByTestId('pnl');
    expect(pnl).toHaveTextContent('-₹80.00');
    expect(pnl).toHaveAttribute('data-direction', 'down');
    expect(pnl.querySelector('svg')).not.toBeNull();
  });
});
