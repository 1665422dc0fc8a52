import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';

/**
 * Days read "5 Mar 2026" in the console, picker included, as formatIstDay writes them in its
 * tables (issue 31: the native date input followed the browser's locale and read 03/05/2026 in
 * an en-US Chromium).
 */
export const DAY_FORMAT = 'D MMM YYYY';

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** '2026-03-10' when year, month and day make a real calendar day, else null. */
function calendarDay(year: string, month: number, day: string): string | null {
  if (month < 1 || month > 12) return null;
  const value = `${year}-${String(month).padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

/**
 * What staff type, day first: 10 Mar 2026, 10/03/2026 (or with - or .), or an ISO day.
 * Null until it is a real day, so 31 Feb 2026 is never taken.
 */
export function parseDay(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  if (iso) return calendarDay(iso[1]!, Number(iso[2]), iso[3]!);
  const numeric = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  if (numeric) return calendarDay(numeric[3]!, Number(numeric[2]), numeric[1]!);
  const named = /^(\d{1,2})[\s-]+([A-Za-z]{3})[A-Za-z]*[\s-]+(\d{4})$/.exec(trimmed);
  if (named) return calendarDay(named[3]!, MONTHS.indexOf(named[2]!.toLowerCase()) + 1, named[1]!);
  return null;
}

export type DayInputProps = Omit<
  DateInputProps,
  'value' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate'
> & {
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  onChange: (day: string) => void;
  /** The first day that may be picked (YYYY-MM-DD). */
  minDay?: string;
};

/** A calendar day, typed day first or picked from a calendar; the value stays YYYY-MM-DD. */
export function DayInput({ value, onChange, minDay, onClick, onBlur, ...props }: DayInputProps) {
  // The calendar opens on a click and closes once a day is taken: left open after a typed day
  // it lay over the button below the field on a phone (the contract notes' Start run).
  const [opened, setOpened] = useState(false);
  return (
    <DateInput
      popoverProps={{ opened, onChange: setOpened }}
      onClick={(event) => {
        setOpened(true);
        onClick?.(event);
      }}
      onBlur={(event) => {
        setOpened(false);
        onBlur?.(event);
      }}
      placeholder="D MMM YYYY"
      leftSection={<IconCalendar size={16} stroke={1.6} />}
      clearable
      clearButtonProps={{ 'aria-label': 'Clear the date', tabIndex: -1 }}
      {...props}
      valueFormat={DAY_FORMAT}
      dateParser={parseDay}
      minDate={minDay || undefined}
      value={value || null}
      onChange={(next) => {
        setOpened(false);
        onChange(next ? next.slice(0, 10) : '');
      }}
    />
  );
}

/** A day bound to a form field, with the field's error under it. */
export function DayField<TFieldValues extends FieldValues, TTransformedValues>({
  control,
  name,
  onDayChange,
  ...props
}: Omit<DayInputProps, 'value' | 'onChange' | 'error'> & {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  name: Path<TFieldValues>;
  /** Called after the field takes a new day (e.g. to derive another field from it). */
  onDayChange?: (day: string) => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DayInput
          {...props}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onChange={(day) => {
            field.onChange(day);
            onDayChange?.(day);
          }}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
