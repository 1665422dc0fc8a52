import { Text, type TextProps } from '@mantine/core';
import { useLayoutEffect, useRef } from 'react';
import { formatQuotePrice } from '../../lib/market/format';
import classes from './live-price.module.css';

/** How long a price change stays highlighted before it fades. */
export const FLASH_MS = 700;

export interface LivePriceProps extends TextProps {
  price: number | null | undefined;
  /** 'INDEX' prices are points; everything else rupees. */
  market?: string;
  testId?: string;
}

/**
 * A price that briefly flashes green when it rises and red when it falls. The flash is set on
 * the element itself, not in React state: a state flag rendered the price twice more for
 * every tick (on, then off), and a list of fifty ticking rows paid for all of them.
 */
export function LivePrice({ price, market = 'NSE', testId, ...props }: LivePriceProps) {
  const node = useRef<HTMLSpanElement>(null);
  const previous = useRef(price);

  useLayoutEffect(() => {
    const before = previous.current;
    previous.current = price;
    const element = node.current;
    if (!element || before == null || price == null || before === price) return;
    element.setAttribute('data-flash', price > before ? 'up' : 'down');
    const timer = setTimeout(() => element.removeAttribute('data-flash'), FLASH_MS);
    return () => clearTimeout(timer);
  }, [price]);

  return (
    <Text
      ref={node}
      component="span"
      fw={600}
      className={classes.price}
      data-testid={testId}
      {...props}
    >
      {formatQuotePrice(price, market)}
    </Text>
  );
}
