import { PIN_LENGTH } from '@sampada/shared';
import { Input, PinInput } from '@mantine/core';
import { type Control, Controller, type FieldPath, type FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { t, translateMessage } from '../lib/i18n';

/**
 * The PIN as a form holds it: the 6 digits typed. Requests carry their MD5 (the API layer
 * hashes it), so forms put this in place of the request schema's `pin`.
 */
export const ZPinTyped = z
  .string()
  .regex(new RegExp(`^\\d{${PIN_LENGTH}}$`), { error: () => t('pin.invalid') });

/** The 6-digit PIN a withdrawal, a bank account change, an order or Set PIN needs. */
export function PinField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
  description,
  disabled,
  onComplete,
  testId = 'funds-pin',
}: {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
  label: string;
  description?: string;
  disabled?: boolean;
  /** Called with the digits once the sixth is typed. */
  onComplete?: (pin: string) => void;
  testId?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Input.Wrapper
          label={label}
          description={description}
          error={translateMessage(fieldState.error?.message) || undefined}
        >
          <PinInput
            mt={description ? 'xs' : 4}
            length={PIN_LENGTH}
            type="number"
            mask
            oneTimeCode={false}
            value={(field.value as string | undefined) ?? ''}
            onChange={field.onChange}
            onComplete={onComplete}
            disabled={disabled}
            aria-label={label}
            data-testid={testId}
          />
        </Input.Wrapper>
      )}
    />
  );
}
