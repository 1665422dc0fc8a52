import { ZApiAppSettings, type TApiAppWithSecret, M } from '@sampada/shared';
import { Alert, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { useForm, useWatch } from 'react-hook-form';
import { TextInputField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { isApiError } from '../../../lib/api-client';
import { requestResolver } from '../../../lib/forms';
import { translateMessage } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/notify';
import { useCreateApiApp } from '../api/api-apps';
import { useDeveloperAppsTranslation } from '../i18n';
import { AllowedIpsFieldset } from './allowed-ips-fieldset';
import { toRequest, type TForm, type TRequest } from './create-app-values';
import { factorBody, factorSchema, type TAppFactor } from './second-factor';
import {
  EnrolFirstNotice,
  FactorLoading,
  SecondFactorField,
  useAppFactor,
} from './second-factor-field';

const errorText = (error: unknown) => translateMessage(isApiError(error) ? error : M.requestFailed);

/** The form with its request schema, the IP list watched, and the submit that creates. */
function useCreateAppForm(factor: TAppFactor, onCreated: (app: TApiAppWithSecret) => void) {
  const { t } = useDeveloperAppsTranslation();
  const create = useCreateApiApp();
  const { control, handleSubmit, resetField, setValue, formState } = useForm<
    TForm,
    unknown,
    TRequest
  >({
    resolver: requestResolver(ZApiAppSettings.extend(factorSchema(factor).shape), {
      toRequest: toRequest(factor),
    }),
    defaultValues: {
      name: '',
      redirect_url: '',
      postback_url: '',
      allowed_ips: [''],
      pin: '',
      totp_code: '',
    },
  });
  const ips = useWatch({ control, name: 'allowed_ips' });
  const ipsError =
    formState.errors.allowed_ips?.root?.message ?? formState.errors.allowed_ips?.message;
  const submit = handleSubmit(({ pin, totp_code, ...settings }) =>
    create.mutate(
      { ...settings, ...factorBody({ pin, totp_code }) },
      {
        onSuccess: (app) => {
          toastSuccess(t('toasts.created'));
          onCreated(app);
        },
        onError: () => {
          resetField('pin');
          resetField('totp_code');
        },
      },
    ),
  );
  return { create, control, setValue, ips, ipsError, submit };
}

type TProps = { onCreated: (app: TApiAppWithSecret) => void; onCancel: () => void };

/**
 * A new app: its settings, then the second factor (issue 35): the authenticator code when the
 * client's 2FA is on, else the trading PIN. The form waits for which one, then keeps it.
 */
export function CreateAppForm(props: TProps) {
  const factor = useAppFactor();
  if (!factor) return <FactorLoading />;
  return <CreateAppFormFor key={factor} factor={factor} {...props} />;
}

function CreateAppFormFor({ factor, onCreated, onCancel }: TProps & { factor: TAppFactor }) {
  const { t } = useDeveloperAppsTranslation();
  const { create, control, setValue, ips, ipsError, submit } = useCreateAppForm(factor, onCreated);
  return (
    <Paper withBorder radius="md" p="md">
      <form onSubmit={submit} noValidate aria-labelledby="api-app-form-title">
        <Stack gap="sm">
          <Title order={3} size="h4" id="api-app-form-title">
            {t('form.title')}
          </Title>
          <TextInputField
            control={control}
            name="name"
            label={t('form.name')}
            description={t('form.nameHint')}
            maxLength={60}
            required
          />
          <TextInputField
            control={control}
            name="redirect_url"
            label={t('form.redirect')}
            description={t('form.redirectHint')}
            type="url"
            inputMode="url"
            placeholder="https://"
            required
          />
          <TextInputField
            control={control}
            name="postback_url"
            label={t('form.postback')}
            description={t('form.postbackHint')}
            type="url"
            inputMode="url"
            placeholder="https://"
          />
          <AllowedIpsFieldset control={control} setValue={setValue} ips={ips} ipsError={ipsError} />
          {factor === 'enrol' ? (
            <EnrolFirstNotice />
          ) : (
            <SecondFactorField
              factor={factor}
              control={control}
              pinLabel={t('form.pin')}
              codeLabel={t('form.code')}
              testId="api-app-pin"
              disabled={create.isPending}
            />
          )}
          {create.isError && (
            <Alert color="red" role="alert" data-testid="api-app-error">
              {errorText(create.error)}
            </Alert>
          )}
          <Group gap="sm">
            <LoadingButton type="submit" loading={create.isPending} disabled={factor === 'enrol'}>
              {t('form.submit')}
            </LoadingButton>
            <Button variant="subtle" onClick={onCancel}>
              {t('form.cancel')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
