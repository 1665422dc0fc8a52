import type { TTotpEnrolment } from '@sampada/shared';
import { Alert, Badge, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { CodeForm } from '../../../components/two-factor/code-form';
import { RecoveryCodes } from '../../../components/two-factor/recovery-codes';
import { TotpSetup } from '../../../components/two-factor/totp-setup';
import { formatDateTime } from '../../../lib/datetime';
import { toastSuccess } from '../../../lib/notify';
import {
  totpStatusQuery,
  useConfirmTotp,
  useDisableTotp,
  useNewRecoveryCodes,
  useStartTotp,
} from '../api/security';
import { useSecurityTranslation } from '../i18n';
import { PasswordAgainForm } from './password-again-form';

/** Where the section is: at rest, or partway through one of its changes. */
type TStep =
  | { kind: 'rest' }
  | { kind: 'password' }
  | { kind: 'scan'; enrolment: TTotpEnrolment }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' }
  | { kind: 'renew' };

/**
 * Two-step verification: turn it on (password again, scan, first code, recovery codes shown
 * once), turn it off with a code, or get new recovery codes with a code.
 */
export function TwoFactorSection() {
  const { t } = useSecurityTranslation();
  const status = useQuery(totpStatusQuery());
  const [step, setStep] = useState<TStep>({ kind: 'rest' });
  const start = useStartTotp();
  const confirm = useConfirmTotp();
  const disable = useDisableTotp();
  const renew = useNewRecoveryCodes();
  const rest = () => setStep({ kind: 'rest' });
  const cancel = (
    <Button variant="default" onClick={rest}>
      {t('twoFactor.cancel')}
    </Button>
  );
  const on = status.data?.enabled === true;

  const body = () => {
    switch (step.kind) {
      case 'password':
        return (
          <PasswordAgainForm
            onCancel={rest}
            onSubmit={async (password) =>
              setStep({ kind: 'scan', enrolment: await start.mutateAsync(password) })
            }
          />
        );
      case 'scan':
        return (
          <Stack gap="md">
            <TotpSetup enrolment={step.enrolment} />
            <CodeForm
              totpOnly
              submitLabel={t('twoFactor.confirm')}
              onSubmit={async (code) => {
                const codes = await confirm.mutateAsync(code);
                toastSuccess(t('twoFactor.turnedOn'));
                setStep({ kind: 'codes', codes });
              }}
            >
              {cancel}
            </CodeForm>
          </Stack>
        );
      case 'codes':
        return <RecoveryCodes codes={step.codes} onDone={rest} />;
      case 'disable':
        return (
          <Stack gap="sm">
            <Text size="sm">{t('twoFactor.offStep')}</Text>
            <CodeForm
              submitLabel={t('twoFactor.turnOff')}
              onSubmit={async (code) => {
                await disable.mutateAsync(code);
                toastSuccess(t('twoFactor.turnedOff'));
                rest();
              }}
            >
              {cancel}
            </CodeForm>
          </Stack>
        );
      case 'renew':
        return (
          <Stack gap="sm">
            <Text size="sm">{t('twoFactor.renewStep')}</Text>
            <CodeForm
              submitLabel={t('twoFactor.renew')}
              onSubmit={async (code) => {
                const codes = await renew.mutateAsync(code);
                toastSuccess(t('twoFactor.renewed'));
                setStep({ kind: 'codes', codes });
              }}
            >
              {cancel}
            </CodeForm>
          </Stack>
        );
      case 'rest':
        return status.isPending ? (
          <Loader size="sm" />
        ) : (
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
                    <Button
                      variant="subtle"
                      color="red"
                      onClick={() => setStep({ kind: 'disable' })}
                    >
                      {t('twoFactor.turnOff')}
                    </Button>
                  )}
                </>
              ) : (
                <Button onClick={() => setStep({ kind: 'password' })}>
                  {t('twoFactor.turnOn')}
                </Button>
              )}
            </Group>
          </Stack>
        );
    }
  };

  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      p="md"
      aria-labelledby="two-factor-title"
      data-testid="two-factor-section"
    >
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <IconShieldLock size={22} aria-hidden />
            <Title order={2} size="h4" id="two-factor-title">
              {t('twoFactor.title')}
            </Title>
          </Group>
          {status.data && (
            <Badge color={on ? 'teal' : 'gray'} variant="light" data-testid="two-factor-state">
              {on ? t('twoFactor.on') : t('twoFactor.off')}
            </Badge>
          )}
        </Group>
        {body()}
      </Stack>
    </Paper>
  );
}
