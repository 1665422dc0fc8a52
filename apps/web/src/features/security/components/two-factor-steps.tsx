import type { TTotpEnrolment, TTotpStatus } from '@sampada/shared';
import { Alert, Button, Group, Loader, Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { CodeForm } from '../../../components/two-factor/code-form';
import { RecoveryCodes } from '../../../components/two-factor/recovery-codes';
import { TotpSetup } from '../../../components/two-factor/totp-setup';
import { formatDateTime } from '../../../lib/datetime';
import { toastSuccess } from '../../../lib/notify';
import { useConfirmTotp, useDisableTotp, useNewRecoveryCodes, useStartTotp } from '../api/security';
import { useSecurityTranslation } from '../i18n';
import { PasswordAgainForm } from './password-again-form';

/** Where the section is: at rest, or partway through one of its changes. */
export type TStep =
  | { kind: 'rest' }
  | { kind: 'password' }
  | { kind: 'scan'; enrolment: TTotpEnrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' }
  | { kind: 'renew' };

/** Each change's call to the server, moving to the step that follows it. */
export function useTwoFactorChanges(setStep: (step: TStep) => void) {
  const { t } = useSecurityTranslation();
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const renew = useNewRecoveryCodes();
  const rest = () => setStep({ kind: 'rest' });
  return {
    rest,
    startWith: async (password: string) =>
      setStep({ kind: 'scan', enrolment: await start.mutateAsync(password) }),
    confirmWith: async (code: string) => {
      const codes = await confirm.mutateAsync(code);
      toastSuccess(t('twoFactor.turnedOn'));
      setStep({ kind: 'codes', codes });
    },
    disableWith: async (code: string) => {
      await disable.mutateAsync(code);
      toastSuccess(t('twoFactor.turnedOff'));
      rest();
    },
    renewWith: async (code: string) => {
      const codes = await renew.mutateAsync(code);
      toastSuccess(t('twoFactor.renewed'));
      setStep({ kind: 'codes', codes });
    },
  };
}

type TChanges = ReturnType<typeof useTwoFactorChanges>;

/** A step partway through a change: password again, scan, recovery codes, or a code asked. */
export function TwoFactorChangeStep({
  step,
  changes,
  cancel,
}: {
  step: Exclude<TStep, { kind: 'rest' }>;
  changes: TChanges;
  cancel: ReactNode;
}) {
  const { t } = useSecurityTranslation();
  switch (step.kind) {
    case 'password':
      return <PasswordAgainForm onCancel={changes.rest} onSubmit={changes.startWith} />;
    case 'scan':
      return (
        <Stack gap="md">
          <TotpSetup enrolment={step.enrolment} />
          <CodeForm totpOnly submitLabel={t('twoFactor.confirm')} onSubmit={changes.confirmWith}>
            {cancel}
          </CodeForm>
        </Stack>
      );
    case 'codes':
      return <RecoveryCodes codes={step.codes} onDone={changes.rest} />;
    case 'disable':
      return (
        <Stack gap="sm">
          <Text size="sm">{t('twoFactor.offStep')}</Text>
          <CodeForm submitLabel={t('twoFactor.turnOff')} onSubmit={changes.disableWith}>
            {cancel}
          </CodeForm>
        </Stack>
      );
    case 'renew':
      return (
        <Stack gap="sm">
          <Text size="sm">{t('twoFactor.renewStep')}</Text>
          <CodeForm submitLabel={t('twoFactor.renew')} onSubmit={changes.renewWith}>
            {cancel}
          </CodeForm>
        </Stack>
      );
  }
}

/** At rest: whether it is on, a reset notice, and the changes that can start from here. */
export function TwoFactorRest({
  status,
  setStep,
}: {
  status: UseQueryResult<TTotpStatus>;
  setStep: (step: TStep) => void;
}) {
  const { t } = useSecurityTranslation();
  const on = status.data?.enabled === true;
  if (status.isPending) return <Loader size="sm" />;
  return (
    <Stack gap="sm">
      {status.data?.reset_at && (
        <Alert color="orange" variant="light" data-testid="two-factor-reset">
          {t('twoFactor.resetNotice', { time: formatDateTime(status.data.reset_at) })}
        </Alert>
      )}
      <Text size="sm">
        {on
          ? t('twoFactor.onText', { left: status.data?.recovery_codes_left ?? 0 })
          : t('twoFactor.offText')}
      </Text>
      {status.data?.required && (
        <Text size="sm" c="dimmed">
          {t('twoFactor.requiredText')}
        </Text>
      )}
      <Group gap="sm">
        {on ? (
          <>
            <Button variant="light" onClick={() => setStep({ kind: 'renew' })}>
              {t('twoFactor.newCodes')}
            </Button>
            {!status.data?.required && (
              <Button variant="subtle" color="red" onClick={() => setStep({ kind: 'disable' })}>
                {t('twoFactor.turnOff')}
              </Button>
            )}
          </>
        ) : (
          <Button onClick={() => setStep({ kind: 'password' })}>{t('twoFactor.turnOn')}</Button>
        )}
      </Group>
    </Stack>
  );
}
