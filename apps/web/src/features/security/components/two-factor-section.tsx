import { Badge, Button, Group, Paper, Stack, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { totpStatusQuery } from '../api/security';
import { useSecurityTranslation } from '../i18n';
import {
  TwoFactorChangeStep,
  TwoFactorRest,
  type TStep,
  useTwoFactorChanges,
} from './two-factor-steps';

/**
 * Two-step verification: turn it on (password again, scan, first code, recovery codes shown
 * once), turn it off with a code, or get new recovery codes with a code.
 */
export function TwoFactorSection() {
  const { t } = useSecurityTranslation();
  const status = useQuery(totpStatusQuery());
  const [step, setStep] = useState<TStep>({ kind: 'rest' });
  const changes = useTwoFactorChanges(setStep);
  const cancel = (
    <Button variant="default" onClick={changes.rest}>
      {t('twoFactor.cancel')}
    </Button>
  );
  const on = status.data?.enabled === true;

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
        {step.kind === 'rest' ? (
          <TwoFactorRest status={status} setStep={setStep} />
        ) : (
          <TwoFactorChangeStep step={step} changes={changes} cancel={cancel} />
        )}
      </Stack>
    </Paper>
  );
}
