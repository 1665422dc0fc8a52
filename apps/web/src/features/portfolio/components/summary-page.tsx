import { Paper, Stack, Text } from '@mantine/core';
import { useProfile } from '../../../lib/auth';
import { usePortfolioTranslation } from '../i18n';

/** /portfolio/summary. */
export function SummaryPage() {
  const { t } = usePortfolioTranslation();
  const { data: profile } = useProfile();
  return (
    <Stack gap="md" data-testid="portfolio-summary">
      <Paper withBorder p="md" radius="md" maw={280}>
        <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
          {t('summary.trades')}
        </Text>
        <Text size="xl" fw={700}>
          {profile?.order_num ?? 0}
        </Text>
      </Paper>
      <Text c="dimmed">{t('summary.text')}</Text>
    </Stack>
  );
}
