import { MARKET_INDICES } from '@sampada/shared';
import { Alert, Badge, Group, Stack, Text, Title } from '@mantine/core';
import { useMarketTranslation } from '../i18n';

/** /market: the indices the market area will quote; no prices until the feed is connected. */
export function MarketPage() {
  const { t } = useMarketTranslation();
  return (
    <Stack gap="lg" data-testid="market-page">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Text c="dimmed">{t('intro')}</Text>
      <Stack gap="xs">
        <Title order={2} size="h4">
          {t('indices')}
        </Title>
        <Group gap="xs">
          {MARKET_INDICES.map((index) => (
            <Badge key={index} variant="light" size="lg">
              {index}
            </Badge>
          ))}
        </Group>
      </Stack>
      <Text size="sm">{t('filters')}</Text>
      <Alert variant="light">{t('feed')}</Alert>
    </Stack>
  );
}
