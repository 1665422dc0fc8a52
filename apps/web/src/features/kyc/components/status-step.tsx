import { M, type TKycStatus } from '@sampada/shared';
import { Button, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck, IconClockHour4, IconCircleX } from '@tabler/icons-react';
import { translateMessage } from '../../../lib/i18n';
import { useSystemSettings } from '../../../lib/system-settings';
import { useKycTranslation } from '../i18n';

/** The three status screens of spec §4. */
export function statusScreen(status: TKycStatus) {
  if (status === 'pending')
    return { title: M.kycPendingTitle, text: M.kycPendingText, tone: 'pending' as const };
  if (status === 'rejected')
    return { title: M.kycRejectedTitle, text: M.kycRejectedText, tone: 'rejected' as const };
  return { title: M.kycSubmittedTitle, text: M.kycSubmittedText, tone: 'submitted' as const };
}

const ICONS = {
  pending: { icon: IconClockHour4, color: 'orange' },
  rejected: { icon: IconCircleX, color: 'red' },
  submitted: { icon: IconCircleCheck, color: 'teal' },
};

/** Step 3: where the review stands; pending and rejected clients land here directly. */
export function StatusStep({
  status,
  checking,
  onCheck,
  onLogout,
}: {
  status: TKycStatus;
  checking: boolean;
  onCheck: () => void;
  onLogout: () => void;
}) {
  const { t } = useKycTranslation();
  const { data: settings } = useSystemSettings();
  const screen = statusScreen(status);
  const { icon: StatusIcon, color } = ICONS[screen.tone];
  return (
    <Stack
      align="center"
      ta="center"
      gap="sm"
      py="lg"
      data-testid="kyc-status"
      data-status={status}
    >
      <ThemeIcon size={64} radius="xl" variant="light" color={color}>
        <StatusIcon size={36} />
      </ThemeIcon>
      <Title order={2} size="h3">
        {translateMessage(screen.title)}
      </Title>
      <Text c="dimmed">{translateMessage(screen.text)}</Text>
      {status === 'rejected' && settings && (
        <Text size="sm">
          {t('status.supportHint', {
            phone: settings.support.phone,
            email: settings.support.email,
            hours: settings.support.hours,
          })}
        </Text>
      )}
      <Group mt="md">
        <Button variant="default" onClick={onLogout}>
          {t('logout')}
        </Button>
        <Button onClick={onCheck} loading={checking}>
          {t('status.checkStatus')}
        </Button>
      </Group>
    </Stack>
  );
}
