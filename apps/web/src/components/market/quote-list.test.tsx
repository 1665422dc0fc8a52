import type { TQuote } from '@sampada/shared';
import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { makeQuote as quote } from '../../test/fake-socket';
import { renderWithProviders } from '../../test/render';
import { QuoteList } from './quote-list';

/** A list whose quotes the test replaces, as a tick replaces them in `useLiveList`. */
function renderList(first: TQuote[]) {
  let show: (quotes: TQuote[]) => void = () => {};
  const secondary = vi.fn((shown: TQuote) => `${shown.symbol} line`);
  function Harness() {
    const [quotes, setQuotes] = useState(first);
    show = setQuotes;
    return <QuoteList quotes={quotes} secondary={secondary} testId="list" />;
  }
  renderWithProviders(<Harness />);
  return { secondary, show: (quotes: TQuote[]) => act(() => show(quotes)) };
}

describe('a live quote list', () => {
  it('renders again only the row whose quote ticked, not the rows laid over anew unchanged', () => {
    const { secondary, show } = renderList([quote('TCS', 3500), quote('INFY', 1500)]);
    expect(secondary).toHaveBeenCalledTimes(2);
    secondary.mockClear();

    // Every row is a new object after a tick (the live list spreads each quote again).
    show([
      { ...quote('TCS', 3501.5), updated_at: '2026-12-02T04:00:01.000Z' },
      quote('INFY', 1500),
    ]);

    expect(secondary.mock.calls.map(([shown]) => shown.symbol)).toEqual(['TCS']);
    expect(screen.getByTestId('quote-row-TCS')).toHaveTextContent('₹3,501.50');
    expect(screen.getByTestId('quote-row-INFY')).toHaveTextContent('₹1,500.00');
  });

  it('shows a new row and drops a gone one when the list itself changes', () => {
    const { show } = renderList([quote('TCS', 3500), quote('INFY', 1500)]);
    show([quote('INFY', 1500), quote('WIPRO', 250)]);
    expect(screen.queryByTestId('quote-row-TCS')).toBeNull();
    expect(screen.getByTestId('quote-row-WIPRO')).toHaveTextContent('WIPRO line');
  });
});
