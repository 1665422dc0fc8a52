import { Text, type TextProps } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
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

/** A price that briefly flashes green when it rises and red when it falls. */
export function LivePrice({ price, market = 'NSE', testId, ...props }: LivePriceProps) {
  const previous = useRef(price);
  const [flash, setFlash] = useState<'up' | 'down' | null>(null);

  useEffect(() => {
    const before = previous.current;
    previous.current = price;
    if (before == null || price == null || before === price) return;
    setFlash(price > before ? 'up' : 'down');
    const timer = setTimeout(() => setFlash(null), FLASH_MS);
    return () => clearTimeout(timer);
  }, [price]);

  return (
    <Text
      component="span"
      fw={600}
      className={classes.price}
      data-flash={flash ?? undefined}
      data-testid={testId}
      {...props}
    >
      {formatQuotePrice(price, market)}
    </Text>
  );
}
