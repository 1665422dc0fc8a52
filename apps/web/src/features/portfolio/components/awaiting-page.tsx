import { Text } from '@mantine/core';
import { usePortfolioTranslation } from '../i18n';

/** /portfolio/awaiting. */
export function AwaitingPage() {
  const { t } = usePortfolioTranslation();
  return (
    <Text c="dimmed" data-testid="portfolio-awaiting">
      {t('awaiting.text')}
    </Text>
  );
}
