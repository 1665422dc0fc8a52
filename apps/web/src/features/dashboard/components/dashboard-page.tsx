import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useProfile } from '../../../lib/auth';
import { useDashboardTranslation } from '../i18n';

function Fact({
  label,
  value,
  testId,
}: {
  label: string;
  value: string | number;
  testId?: string;
}) {
  return (
    <Paper withBorder p="md" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="lg" fw={600} mt={4} data-testid={testId} style={{ wordBreak: 'break-word' }}>
        {value}
      </Text>
    </Paper>
  );
}

/** /dashboard (Home): who is signed in and what is already true of the account. */
export function DashboardPage() {
  const { t } = useDashboardTranslation();
  const { data: profile } = useProfile();
  if (!profile) return null;
  return (
    <Stack gap="lg" data-testid="dashboard-page">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('greeting', { name: profile.name || profile.username })}
        </Title>
        <Text c="dimmed">{t('verified')}</Text>
      </Stack>
      <Title order={2} size="h4">
        {t('account')}
      </Title>
      <SimpleGrid cols={{ base: 2, md: 4 }}>
        <Fact label={t('uid')} value={profile.id} />
        <Fact label={t('vip')} value={profile.vip} />
        <Fact label={t('score')} value={profile.score} />
        <Fact label={t('trades')} value={profile.order_num} />
      </SimpleGrid>
      <Paper withBorder p="md" radius="md">
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('pin')}
        </Text>
        <Text mt={4}>{profile.has_pin ? t('pinSet') : t('pinMissing')}</Text>
      </Paper>
    </Stack>
  );
}
