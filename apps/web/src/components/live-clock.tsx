import { CLOCK_TICK_MS } from '@sampada/shared';
import { Text, type TextProps } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';

export interface LiveClockProps extends TextProps {
  /** IANA timezone, for example 'UTC' or 'Asia/Kolkata'. */
  timezone: string;
  locale?: string;
}

/** Formats a moment in a timezone as 'DD Mon YYYY, HH:MM:SS'. */
export function formatClock(date: Date, timezone: string, locale = 'en-IN'): string {
  try {
    return new Intl.DateTimeFormat(locale, {
      timeZone: timezone,
      day: '2-digit',
      month: 'short',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    }).format(date);
  } catch {
    return date.toISOString().replace('T', ' ').slice(0, 19);
  }
}

/** A clock for a timezone, refreshed every second (spec §9). */
export function LiveClock({ timezone, locale, ...props }: LiveClockProps) {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), CLOCK_TICK_MS);
    return () => clearInterval(timer);
  }, []);
  const text = useMemo(() => formatClock(now, timezone, locale), [now, timezone, locale]);
  return (
    <Text component="time" dateTime={now.toISOString()} {...props} data-testid="live-clock">
      {text}
    </Text>
  );
}
