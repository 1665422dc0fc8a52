import '@mantine/dates/styles.css';
import { DateInput, type DateInputProps } from '@mantine/dates';
import { IconCalendar } from '@tabler/icons-react';
import { useState } from 'react';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { translateMessage } from '../lib/i18n';

/** Dates are typed and shown as 24/11/2026 (decision 020); the value stays YYYY-MM-DD. */
export const DATE_FIELD_FORMAT = 'DD/MM/YYYY';

/**
 * Reads what a person types: 24/11/2026 (also 24-11-2026 or 24.11.2026), or an ISO day.
 * Null until it is a real calendar day, so 31/02/2026 is never taken.
 */
export function parseTypedDate(text: string): string | null {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const dmy = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  const [year, month, day] = iso ? [iso[1], iso[2], iso[3]] : dmy ? [dmy[3], dmy[2], dmy[1]] : [];
  if (!year || !month || !day) return null;
  const value = `${year}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value ? value : null;
}

export type DateFieldProps = Omit<DateInputProps, 'value' | 'onChange' | 'valueFormat'> & {
  /** YYYY-MM-DD, or '' for none. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A date typed as DD/MM/YYYY or picked from a calendar, whatever the browser's locale.
 *
 * The calendar's open state is ours, not DateInput's: left to itself it opened on every
 * keystroke and stayed open over the rest of the form once a date was typed or autofilled
 * (issue 31). Here a click opens it; a date taken (picked, typed in full or cleared), Escape,
 * Tab away and a click outside close it.
 */
export function DateField({
  value,
  onChange,
  onClick,
  onBlur,
  onKeyDown,
  popoverProps,
  ...props
}: DateFieldProps) {
  const [opened, setOpened] = useState(false);
  return (
    <DateInput
      placeholder={DATE_FIELD_FORMAT}
      clearable
      clearButtonProps={{ tabIndex: -1 }}
      leftSection={<IconCalendar size={16} stroke={1.6} />}
      {...props}
      popoverProps={{ ...popoverProps, opened, onChange: setOpened }}
      onClick={(event) => {
        setOpened(true);
        onClick?.(event);
      }}
      onBlur={(event) => {
        setOpened(false);
        onBlur?.(event);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape' || event.key === 'Enter') setOpened(false);
        onKeyDown?.(event);
      }}
      valueFormat={DATE_FIELD_FORMAT}
      dateParser={parseTypedDate}
      value={value || null}
      onChange={(next) => {
        setOpened(false);
        onChange(next ?? '');
      }}
    />
  );
}

/** A react-hook-form date field (the schema's message below it). */
export function DateInputField<T extends FieldValues, TOut = T>({
  control,
  name,
  ...props
}: Omit<DateFieldProps, 'value' | 'onChange' | 'error'> & {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <DateField
          {...props}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined}
        />
      )}
    />
  );
}
