import { CloseButton, PasswordInput, TextInput } from '@mantine/core';
import { type ReactNode, type Ref, useId, useState } from 'react';
import { useTranslation } from '../lib/i18n';
import classes from './floating-label-input.module.css';

/**
 * How typing is cleaned (spec §5 "Text inputs trim whitespace on every change").
 * 'all' trims both ends on every change; 'edges' drops leading spaces while typing and the
 * trailing ones on blur, so that names with spaces can still be typed.
 */
export type TTrimMode = 'all' | 'edges' | 'none';

export interface FloatingLabelInputProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  name?: string;
  type?: 'text' | 'password' | 'tel' | 'email' | 'date';
  /** Text or element shown before the value, such as '+91'. */
  prefix?: ReactNode;
  placeholder?: string;
  error?: ReactNode;
  clearable?: boolean;
  trim?: TTrimMode;
  autoComplete?: string;
  inputMode?: React.HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  required?: boolean;
  disabled?: boolean;
  min?: string;
  max?: string;
  inputRef?: Ref<HTMLInputElement>;
  'data-testid'?: string;
}

const clean = (value: string, mode: TTrimMode) =>
  mode === 'all' ? value.trim() : mode === 'edges' ? value.trimStart() : value;

/** Text input whose label sits inside until focused or filled; optional prefix and clear button. */
export function FloatingLabelInput({
  label,
  value,
  onChange,
  onBlur,
  type = 'text',
  prefix,
  placeholder,
  error,
  clearable = false,
  trim = 'all',
  inputRef,
  ...rest
}: FloatingLabelInputProps) {
  const { t } = useTranslation();
  const [focused, setFocused] = useState(false);
  const id = useId();
  const floating = focused || value.length > 0 || type === 'date' || undefined;
  const prefixWidth = prefix ? 44 : undefined;

  const shared = {
    ...rest,
    id,
    ref: inputRef,
    label,
    value,
    placeholder,
    error,
    classNames: classes,
    leftSection: prefix,
    leftSectionWidth: prefixWidth,
    labelProps: { 'data-floating': floating, htmlFor: id },
    style: prefix
      ? ({ '--floating-label-offset': `${prefixWidth}px` } as React.CSSProperties)
      : undefined,
    onFocus: () => setFocused(true),
    onBlur: () => {
      setFocused(false);
      if (trim === 'edges' && value !== value.trim()) onChange(value.trim());
      onBlur?.();
    },
    onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange(clean(event.currentTarget.value, trim)),
  };

  if (type === 'password') {
    return <PasswordInput {...shared} data-floating={floating} />;
  }
  return (
    <TextInput
      {...shared}
      type={type}
      data-floating={floating}
      rightSection={
        clearable && value ? (
          // Out of the tab order (Tab goes on to the next field); a click or tap still clears,
          // and a keyboard user clears with select-all and Delete.
          <CloseButton
            size="sm"
            tabIndex={-1}
            aria-label={t('input.clear')}
            onClick={() => onChange('')}
          />
        ) : undefined
      }
    />
  );
}
