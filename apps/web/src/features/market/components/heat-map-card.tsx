import { Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/market/query-state';
import { SectionCard } from '../../../components/market/section-card';
import { heatmapQueryOptions } from '../api/get-heatmap';
import { useMarketTranslation } from '../i18n';
import { HeatMap } from './heat-map/heat-map';

export function HeatMapCard() {
  const { t } = useMarketTranslation();
  const query = useQuery(heatmapQueryOptions());
  return (
    <SectionCard title={t('heatmap.title')} testId="heat-map-card">
      <Text size="xs" c="dimmed" mb="xs">
        {t('heatmap.hint')}
      </Text>
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        isEmpty={!query.data?.length}
        emptyText={t('heatmap.empty')}
        rows={6}
      >
        <HeatMap sectors={query.data ?? []} />
      </QueryState>
    </SectionCard>
  );
}
