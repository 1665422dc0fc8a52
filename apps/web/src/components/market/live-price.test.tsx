import { act, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test/render';
import { FLASH_MS, LivePrice } from './live-price';

afterEach(() => vi.useRealTimers());

/** A price the test moves, as a tick moves it. */
function renderPrice(first: number) {
  let move: (price: number) => void = () => {};
  function Harness() {
    const [price, setPrice] = useState(first);
    move = setPrice;
    return <LivePrice price={price} testId="price" />;
  }
  renderWithProviders(<Harness />);
  return (price: number) => act(() => move(price));
}

describe('a live price', () => {
  it('flashes green on a rise, red on a fall, and clears the flash once it has shown', () => {
    const move = renderPrice(100);
    const price = screen.getByTestId('price');
    expect(price).not.toHaveAttribute('data-flash');

    vi.useFakeTimers();
    move(101.5);
    expect(price).toHaveTextContent('₹101.50');
    expect(price).toHaveAttribute('data-flash', 'up');

    move(99);
    expect(price).toHaveAttribute('data-flash', 'down');
    act(() => vi.advanceTimersByTime(FLASH_MS - 1));
    expect(price).toHaveAttribute('data-flash', 'down');
    act(() => vi.advanceTimersByTime(1));
    expect(price).not.toHaveAttribute('data-flash');
  });

  it('does not flash when the same price comes again', () => {
    const move = renderPrice(100);
    move(100);
    expect(screen.getByTestId('price')).not.toHaveAttribute('data-flash');
  });
});
