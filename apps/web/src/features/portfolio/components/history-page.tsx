import { Text } from '@mantine/core';
import { usePortfolioTranslation } from '../i18n';

/** /portfolio/history. */
export function HistoryPage() {
  const { t } = usePortfolioTranslation();
  return (
    <Text c="dimmed" data-testid="portfolio-history">
      {t('history.text')}
    </Text>
  );
}
