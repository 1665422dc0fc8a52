import { PIN_LENGTH } from '@sampada/shared';
import { Input, PinInput } from '@mantine/core';

/** The 6-digit PIN a withdrawal, a bank account change or an order needs. */
export function PinField({
  label,
  value,
  onChange,
  error,
  disabled,
  testId = 'funds-pin',
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <Input.Wrapper label={label} error={error || undefined}>
      <PinInput
        mt={4}
        length={PIN_LENGTH}
        type="number"
        mask
        oneTimeCode={false}
        value={value}
        onChange={onChange}
        disabled={disabled}
        aria-label={label}
        data-testid={testId}
      />
    </Input.Wrapper>
  );
}

export const pinError = (pin: string) =>
  new RegExp(`^\\d{${PIN_LENGTH}}$`).test(pin) ? null : 'pin.invalid';
