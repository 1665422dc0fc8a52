import { TextInput, type TextInputProps } from '@mantine/core';
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
