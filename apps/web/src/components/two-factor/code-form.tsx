import { ZTotpCodeRequest } from '@sampada/shared';
import { Stack, Text } from '@mantine/core';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState, type ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../lib/api-client';
import { translateMessage } from '../../lib/i18n';
import { TextField } from '../form-fields';
import { LoadingButton } from '../loading-button';
import { useTwoFactorTranslation } from './i18n';

/**
 * One authentication code and a submit button. A refusal (a wrong or reused code) is shown
 * under the field, so the reader types again where they are looking.
 */
export function CodeForm({
  submitLabel,
  onSubmit,
  totpOnly = false,
  children,
}: {
  submitLabel: string;
  onSubmit: (code: string) => Promise<unknown>;
  /** Only a TOTP fits (confirming a new secret); otherwise a recovery code does too. */
  totpOnly?: boolean;
  /** Buttons beside the submit (Back, Cancel). */
  children?: ReactNode;
}) {
  const { t } = useTwoFactorTranslation();
  const [refusal, setRefusal] = useState<string>();
  const { control, handleSubmit, setValue, setFocus } = useForm({
    resolver: zodResolver(ZTotpCodeRequest),
    defaultValues: { code: '' },
  });
  // The step exists only to take this code: the cursor starts in it.
  useEffect(() => setFocus('code'), [setFocus]);
  const submit = handleSubmit(async ({ code }) => {
    setRefusal(undefined);
    try {
      await onSubmit(code);
    } catch (error) {
      console.error('Code refused', error);
      setRefusal(translateMessage(isApiError(error) ? error : String(error)));
      setValue('code', '');
    }
  });
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextField
          control={control}
          name="code"
          label={t('code')}
          autoComplete="one-time-code"
          inputMode={totpOnly ? 'numeric' : 'text'}
          maxLength={20}
        />
        <Text size="xs" c="dimmed">
          {totpOnly ? t('totpHint') : t('codeHint')}
        </Text>
        {refusal && (
          <Text size="sm" c="red.8" role="alert">
            {refusal}
          </Text>
        )}
        <LoadingButton type="submit" fullWidth>
          {submitLabel}
        </LoadingButton>
        {children}
      </Stack>
    </form>
  );
}
