import { TextInput, type TextInputProps } from '@mantine/core';

/** What a number input may hold while typing: an optional minus, digits, one decimal part. */
const PARTIAL_NUMBER = /^-?\d*(\.\d*)?$/;

/** Spec §5: the change is refused unless it stays a (partial) number. */
export const acceptsNumberText = (text: string) => PARTIAL_NUMBER.test(text);

/** Spec §5: on blur the value becomes a number, or empty if it is not one. */
export function numberOnBlur(text: string): number | '' {
  if (!/^-?\d+(\.\d*)?$/.test(text.trim())) return '';
  const value = Number(text);
  return Number.isFinite(value) ? value : '';
}

export interface AmountInputProps extends Omit<TextInputProps, 'value' | 'onChange' | 'onBlur'> {
  value: string | number;
  onChange: (value: string | number) => void;
  onBlur?: () => void;
}

/** A rupee amount field following the number-input rules of spec §5. */
export function AmountInput({ value, onChange, onBlur, ...props }: AmountInputProps) {
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      leftSection="₹"
      {...props}
      value={String(value)}
      onChange={(event) => {
        const text = event.currentTarget.value.trim();
        if (acceptsNumberText(text)) onChange(text);
      }}
      onBlur={() => {
        onChange(numberOnBlur(String(value)));
        onBlur?.();
      }}
    />
  );
}

/** A whole-number field (shares, lots) under the same typing rules, without the ₹ sign. */
export function QuantityInput(props: AmountInputProps) {
  return <AmountInput inputMode="numeric" leftSection={null} {...props} />;
}
