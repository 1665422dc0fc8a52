import { RANKING_TYPES } from '@sampada/shared';
import { Group, SimpleGrid, Stack, Title } from '@mantine/core';
import { IndicesStrip } from '../../../components/market/indices-strip';
import { RankingsCard } from '../../../components/market/rankings-card';
import { paths } from '../../../config/paths';
import { useMarketTranslation } from '../i18n';
import { HeatMapCard } from './heat-map-card';
import { MarketList } from './market-list';
import { MarketStatusBadge } from './market-status-badge';
import { MostActiveCard } from './most-active-card';

/** /market: indices, sector heat map, most active, rankings and the market filter. */
export function MarketPage() {
  const { t } = useMarketTranslation();
  return (
    <Stack gap="lg" data-testid="market-page">
      <Group justify="space-between" gap="xs">
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <MarketStatusBadge />
      </Group>
      <IndicesStrip />
      <HeatMapCard />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <MostActiveCard />
        <RankingsCard
          title={t('rankings.title')}
          types={RANKING_TYPES}
          seeAllTo={paths.ranking}
          testId="rankings-card"
        />
      </SimpleGrid>
      <MarketList />
    </Stack>
  );
}
