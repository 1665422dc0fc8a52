import { Group, Input, Text } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { istLocalInput, istLocalToInstant } from '@sampada/shared';
import { useEffect, useId, useState } from 'react';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { DayInput } from './day-field';

type TParts = { day: string; time: string };

const partsOf = (instant: string): TParts => {
  const local = istLocalInput(instant);
  return { day: local.slice(0, 10), time: local.slice(11, 16) };
};
const instantOf = ({ day, time }: TParts) =>
  day && time ? istLocalToInstant(`${day}T${time}`) : '';

export type TIstDateTimeProps = {
  label: string;
  description?: string;
  withAsterisk?: boolean;
  error?: string;
  /** An instant with its offset, as the API takes it ('' when not set). */
  value: string;
  onChange: (instant: string) => void;
  onBlur?: () => void;
  /** The day's input gets `<id>-day`, the time's `<id>-time`. */
  'data-testid'?: string;
};

/**
 * A date and a time read as IST whatever the browser's zone; the value is an ISO instant. The
 * day is the console's day-first DayInput (issue 31: a native datetime-local read 03/10/2026,
 * 09:15 AM in an en-US Chromium), the time the browser's own time field (it has no month to put
 * first; its value is always HH:MM); until both are there the value is ''.
 */
export function IstDateTimeInput({
  label,
  description,
  withAsterisk,
  error,
  value,
  onChange,
  onBlur,
  'data-testid': testId,
}: TIstDateTimeProps) {
  const id = useId();
  const [parts, setParts] = useState(() => partsOf(value));
  // A value set from outside (a form reset, another offer opened) replaces what was typed; the
  // parts are left out of the dependencies on purpose, or a half-typed pair would be wiped.
  useEffect(() => {
    if (instantOf(parts) !== value) setParts(partsOf(value));
  }, [value]);
  const change = (next: TParts) => {
    setParts(next);
    onChange(instantOf(next));
  };
  return (
    <Input.Wrapper
      id={id}
      label={label}
      description={description}
      withAsterisk={withAsterisk}
      error={error}
    >
      {/* Day and time side by side where they fit, the time under the day in a narrow cell. */}
      <Group gap="xs" wrap="wrap" align="center">
        <DayInput
          id={id}
          style={{ flex: '1 1 140px' }}
          clearable={false}
          value={parts.day}
          onChange={(day) => change({ ...parts, day })}
          onBlur={onBlur}
          error={Boolean(error)}
          data-testid={testId && `${testId}-day`}
        />
        <Group gap={6} wrap="nowrap" align="center" style={{ flex: '1 1 136px' }}>
          <TimeInput
            aria-label={`${label}: time (IST)`}
            style={{ flex: 1 }}
            value={parts.time}
            onChange={(event) => change({ ...parts, time: event.currentTarget.value })}
            onBlur={onBlur}
            error={Boolean(error)}
            data-testid={testId && `${testId}-time`}
          />
          <Text size="sm" c="dimmed" aria-hidden>
            IST
          </Text>
        </Group>
      </Group>
    </Input.Wrapper>
  );
}

/** An IST date and time bound to a form field, with the field's error under it. */
export function IstDateTimeField<TFieldValues extends FieldValues, TTransformedValues>({
  control,
  name,
  ...props
}: Omit<TIstDateTimeProps, 'value' | 'onChange' | 'onBlur' | 'error'> & {
  control: Control<TFieldValues, unknown, TTransformedValues>;
  name: Path<TFieldValues>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <IstDateTimeInput
          {...props}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message}
        />
      )}
    />
  );
}
