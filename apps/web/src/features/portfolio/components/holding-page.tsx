import { Text } from '@mantine/core';
import { usePortfolioTranslation } from '../i18n';

/** /portfolio/holding. */
export function HoldingPage() {
  const { t } = usePortfolioTranslation();
  return (
    <Text c="dimmed" data-testid="portfolio-holding">
      {t('holding.text')}
    </Text>
  );
}
