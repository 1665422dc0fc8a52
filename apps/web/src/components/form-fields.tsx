import { PHONE_CODE } from '@sampada/shared';
import { Checkbox, TextInput, type TextInputProps } from '@mantine/core';
import {
  type Control,
  Controller,
  type ControllerFieldState,
  type FieldPath,
  type FieldValues,
} from 'react-hook-form';
import { translateMessage } from '../lib/i18n';
import { AmountInput, QuantityInput, type AmountInputProps } from './amount-input';
import { FloatingLabelInput, type FloatingLabelInputProps } from './floating-label-input';

/** A field of a form; `TOut` is what the form submits (the request it makes). */
interface TControlled<T extends FieldValues, TOut = T> {
  control: Control<T, unknown, TOut>;
  name: FieldPath<T>;
}

/** A field's first message (a spec message in the current language), or nothing. */
const errorOf = ({ error }: ControllerFieldState) =>
  error?.message ? translateMessage(error.message) : undefined;

type TFieldProps<T extends FieldValues, TOut = T> = Omit<
  FloatingLabelInputProps,
  'value' | 'onChange' | 'onBlur' | 'error'
> &
  TControlled<T, TOut>;

/** A react-hook-form field drawn as a floating-label input; shows the schema's message. */
export function TextField<T extends FieldValues, TOut = T>({
  control,
  name,
  ...props
}: TFieldProps<T, TOut>) {
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
          error={errorOf(fieldState)}
        />
      )}
    />
  );
}

/** A password field of the sign-in, sign-up and password screens. */
export function PasswordField<T extends FieldValues, TOut = T>(
  props: Omit<TFieldProps<T, TOut>, 'type' | 'autoComplete'> & {
    autoComplete: 'current-password' | 'new-password';
  },
) {
  return <TextField {...props} type="password" />;
}

/** The mobile number without its '+91' (sign-up, forgotten password; spec §5). */
export function MobileField<T extends FieldValues, TOut = T>(
  props: Omit<TFieldProps<T, TOut>, 'type' | 'prefix' | 'inputMode' | 'clearable'>,
) {
  return (
    <TextField
      autoComplete="tel-national"
      maxLength={10}
      {...props}
      type="tel"
      prefix={PHONE_CODE}
      inputMode="numeric"
      clearable
    />
  );
}

/** A new password and its confirmation, as sign-up, reset and change password ask them. */
export function NewPasswordFields<T extends FieldValues, TOut = T>({
  control,
  names,
  labels,
}: {
  control: Control<T, unknown, TOut>;
  /** The new password's field, then the confirmation's. */
  names: [FieldPath<T>, FieldPath<T>];
  labels: [string, string];
}) {
  return names.map((name, index) => (
    <PasswordField
      key={name}
      control={control}
      name={name}
      label={labels[index]!}
      autoComplete="new-password"
    />
  ));
}

/** A react-hook-form text field drawn as Mantine's input; `clean` rewrites what is typed. */
export function TextInputField<T extends FieldValues, TOut = T>({
  control,
  name,
  clean,
  ...props
}: Omit<TextInputProps, 'value' | 'onChange' | 'onBlur' | 'error' | 'name'> &
  TControlled<T, TOut> & { clean?: (text: string) => string }) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextInput
          {...props}
          name={field.name}
          ref={field.ref}
          value={(field.value as string | undefined) ?? ''}
          onChange={(event) => {
            const text = event.currentTarget.value;
            field.onChange(clean ? clean(text) : text);
          }}
          onBlur={field.onBlur}
          error={errorOf(fieldState)}
        />
      )}
    />
  );
}

type TAmountFieldProps<T extends FieldValues, TOut = T> = Omit<
  AmountInputProps,
  'value' | 'onChange' | 'onBlur' | 'error'
> &
  TControlled<T, TOut>;

/** A rupee amount under the number-input rules of spec §5, as a react-hook-form field. */
export function AmountField<T extends FieldValues, TOut = T>({
  control,
  name,
  quantity = false,
  ...props
}: TAmountFieldProps<T, TOut> & {
  /** Whole shares or lots: no ₹ sign, a numeric keyboard. */
  quantity?: boolean;
}) {
  const Input = quantity ? QuantityInput : AmountInput;
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Input
          {...props}
          name={field.name}
          value={(field.value as string | number | undefined) ?? ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={errorOf(fieldState)}
        />
      )}
    />
  );
}

/** A react-hook-form boolean drawn as a checkbox. */
export function CheckboxField<T extends FieldValues, TOut = T>({
  control,
  name,
  label,
}: TControlled<T, TOut> & { label: string }) {
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
