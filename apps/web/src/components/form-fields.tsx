import { Checkbox } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { translateMessage } from '../lib/i18n';
import { FloatingLabelInput, type FloatingLabelInputProps } from './floating-label-input';

type TFieldProps<T extends FieldValues> = Omit<
  FloatingLabelInputProps,
  'value' | 'onChange' | 'onBlur' | 'error'
> & {
  control: Control<T>;
  name: FieldPath<T>;
};

/** A react-hook-form field drawn as a floating-label input; shows the schema's message. */
export function TextField<T extends FieldValues>({ control, name, ...props }: TFieldProps<T>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <FloatingLabelInput
          {...props}
          name={field.name}
          inputRef={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error?.message ? translateMessage(fieldState.error.message) : undefined}
        />
      )}
    />
  );
}

/** A react-hook-form boolean drawn as a checkbox. */
export function CheckboxField<T extends FieldValues>({
  control,
  name,
  label,
}: {
  control: Control<T>;
  name: FieldPath<T>;
  label: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <Checkbox
          label={label}
          styles={{ label: { whiteSpace: 'nowrap' } }}
          name={field.name}
          ref={field.ref}
          checked={Boolean(field.value)}
          onChange={(event) => field.onChange(event.currentTarget.checked)}
          onBlur={field.onBlur}
        />
      )}
    />
  );
}
