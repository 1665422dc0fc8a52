import { TextInput, type TextInputProps } from '@mantine/core';
import { type Control, Controller, type FieldValues, type Path } from 'react-hook-form';
import { instantToIstInput, istInputToInstant } from '../utils/dates';

type TProps = Omit<TextInputProps, 'value' | 'onChange' | 'type'> & {
  /** An instant with its offset, as the API takes it ('' when not set). */
  value: string;
  onChange: (instant: string) => void;
};

/** A date and time read as IST, whatever the browser's zone; the value is an ISO instant. */
export function IstDateTimeInput({ value, onChange, ...props }: TProps) {
  return (
    <TextInput
      type="datetime-local"
      rightSection="IST"
      rightSectionWidth={40}
      {...props}
      value={instantToIstInput(value)}
      onChange={(event) => onChange(istInputToInstant(event.currentTarget.value))}
    />
  );
}

/** An IST date and time bound to a form field, with the field's error under it. */
export function IstDateTimeField<TFieldValues extends FieldValues, TTransformedValues>({
  control,
  name,
  ...props
}: Omit<TProps, 'value' | 'onChange' | 'onBlur' | 'error'> & {
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
