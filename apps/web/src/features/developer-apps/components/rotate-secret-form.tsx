import { M, type TApiApp, type TApiAppWithSecret } from '@sampada/shared';
import { Alert, Stack, Text } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { LoadingButton } from '../../../components/loading-button';
import { isApiError } from '../../../lib/api-client';
import { requestResolver } from '../../../lib/forms';
import { translateMessage } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/notify';
import { useRotateSecret } from '../api/api-apps';
import { useDeveloperAppsTranslation } from '../i18n';
import {
  factorBody,
  factorSchema,
  factorTyped,
  type TAppFactor,
  type TFactorTyped,
} from './second-factor';
import {
  EnrolFirstNotice,
  FactorLoading,
  SecondFactorField,
  useAppFactor,
} from './second-factor-field';

type TProps = { app: TApiApp; onRotated: (app: TApiAppWithSecret) => void };

/**
 * The second factor for a new secret (in a modal): the authenticator code when the client's
 * 2FA is on, else the PIN. The new secret is shown on the app's card.
 */
export function RotateSecretForm(props: TProps) {
  const factor = useAppFactor();
  if (!factor) return <FactorLoading />;
  return <RotateSecretFormFor key={factor} factor={factor} {...props} />;
}

function RotateSecretFormFor({ app, onRotated, factor }: TProps & { factor: TAppFactor }) {
  const { t } = useDeveloperAppsTranslation();
  const rotate = useRotateSecret();
  const { control, handleSubmit, resetField } = useForm<
    TFactorTyped,
    unknown,
    Partial<TFactorTyped>
  >({
    resolver: requestResolver<TFactorTyped, Partial<TFactorTyped>>(factorSchema(factor), {
      toRequest: (values: TFactorTyped) => factorTyped(factor, values),
    }),
    defaultValues: { pin: '', totp_code: '' },
  });
  const submit = handleSubmit((typed) =>
    rotate.mutate(
      { id: app.id, ...factorBody(typed) },
      {
        onSuccess: (rotated) => {
          toastSuccess(t('toasts.rotated'));
          onRotated(rotated);
        },
        onError: () => {
          resetField('pin');
          resetField('totp_code');
        },
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate aria-label={t('rotate.title', { name: app.name })}>
      <Stack gap="md">
        <Text size="sm">{t('rotate.text')}</Text>
        {factor === 'enrol' ? (
          <EnrolFirstNotice />
        ) : (
          <SecondFactorField
            factor={factor}
            control={control}
            pinLabel={t('rotate.pin')}
            codeLabel={t('rotate.code')}
            testId="rotate-pin"
            disabled={rotate.isPending}
          />
        )}
        {rotate.isError && (
          <Alert color="red" role="alert">
            {translateMessage(isApiError(rotate.error) ? rotate.error : M.requestFailed)}
          </Alert>
        )}
        <LoadingButton
          type="submit"
          loading={rotate.isPending}
          disabled={factor === 'enrol'}
          fullWidth
        >
          {t('rotate.submit')}
        </LoadingButton>
      </Stack>
    </form>
  );
}
