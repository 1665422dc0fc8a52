import { act, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeQuote } from '../../../test/fake-socket';
import { renderWithProviders } from '../../../test/render';
import type { TQuote } from '@sampada/shared';
import { QuoteTable, type TQuoteColumn } from './quote-table';

const quotes = [makeQuote('TCS', 4180), makeQuote('INFY', 1520.5)];
const columns: TQuoteColumn[] = [
  { key: 'volume', header: 'Volume', cell: () => '1.234M' },
  { key: 'value', header: 'Value', cell: () => '₹5.000B', wideOnly: true },
];

/** Renders as a phone (every media query under 768 px matches) or as a desktop. */
function renderAt(phone: boolean) {
  const matchMedia = window.matchMedia;
  vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
    ...matchMedia(query),
    matches: phone,
  }));
  return renderWithProviders(<QuoteTable quotes={quotes} columns={columns} testId="quotes" />);
}

afterEach(() => vi.restoreAllMocks());

describe('QuoteTable', () => {
  it('on a phone: one dense row a stock, rank and symbol over the kept figure and name, price and change', () => {
    renderAt(true);
    const row = screen.getByTestId('row-TCS');
    const cells = within(row).getAllByRole('cell');
    expect(cells).toHaveLength(3);
    expect(cells[0]).toHaveTextContent('1. TCS');
    expect(cells[0]).toHaveTextContent('Volume 1.234M · TCS Ltd');
    expect(row).not.toHaveTextContent('₹5.000B');
    expect(cells[1]).toHaveTextContent('4,180.00');
    expect(within(screen.getByTestId('row-INFY')).getAllByRole('cell')[0]).toHaveTextContent(
      '2. INFY',
    );
  });

  it('on a desktop: the ranked table with every column', () => {
    renderAt(false);
    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      '#',
      'Stock',
      'Price',
      'Change',
      'Volume',
      'Value',
    ]);
    expect(within(screen.getByTestId('row-TCS')).getAllByRole('cell')).toHaveLength(6);
  });

  it.each([
    ['a phone', true],
    ['a desktop', false],
  ])('on %s, a tick renders again only the row it moved', (_size, phone) => {
    const matchMedia = window.matchMedia;
    vi.spyOn(window, 'matchMedia').mockImplementation((query: string) => ({
      ...matchMedia(query),
      matches: phone,
    }));
    const cell = vi.fn((quote: TQuote) => `${quote.volume}`);
    const counted: TQuoteColumn[] = [{ key: 'volume', header: 'Volume', cell }];
    let show: (next: TQuote[]) => void = () => {};
    function Harness() {
      const [shown, setShown] = useState(quotes);
      show = setShown;
      return <QuoteTable quotes={shown} columns={counted} testId="quotes" />;
    }
    renderWithProviders(<Harness />);
    cell.mockClear();

    // As useLiveList lays a tick over the list: every row a new object, one of them moved.
    act(() => show([makeQuote('TCS', 4181, { volume: 7 }), makeQuote('INFY', 1520.5)]));

    expect(cell.mock.calls.map(([quote]) => quote.symbol)).toEqual(['TCS']);
    expect(screen.getByTestId('row-TCS')).toHaveTextContent('4,181.00');
  });
});
