import { CLOCK_TICK_MS, dayText, isoDayIn } from '@sampada/shared';
import { Text, type TextProps } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';

export interface LiveClockProps extends TextProps {
  /** IANA timezone, for example 'UTC' or 'Asia/Kolkata'. */
  timezone: string;
  locale?: string;
}

const clocks = new Map<string, Intl.DateTimeFormat>();
const clockIn = (timezone: string, locale: string) => {
  const key = `${locale}|${timezone}`;
  let format = clocks.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, {
      timeZone: timezone,
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hour12: false,
    });
    clocks.set(key, format);
  }
  return format;
};

/** Formats a moment in a timezone as '24 Sep 2026, 15:30:15' (the day as every day reads). */
export function formatClock(date: Date, timezone: string, locale = 'en-IN'): string {
  try {
    return `${dayText(isoDayIn(date, timezone))}, ${clockIn(timezone, locale).format(date)}`;
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
