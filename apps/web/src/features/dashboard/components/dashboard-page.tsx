import { SimpleGrid, Stack, Title } from '@mantine/core';
import { IndicesStrip } from '../../../components/market/indices-strip';
import { RankingsCard } from '../../../components/market/rankings-card';
import { paths } from '../../../config/paths';
import { useProfile } from '../../../lib/auth';
import { useDashboardTranslation } from '../i18n';
import { AssetsCard } from './assets-card';
import { HeadlinesCard } from './headlines-card';
import { WatchlistPreview } from './watchlist-preview';

const MOVERS = ['gainers', 'losers'] as const;

/** /dashboard (Home): indices, assets, watchlist, top movers and the latest headlines. */
export function DashboardPage() {
  const { t } = useDashboardTranslation();
  const { data: profile } = useProfile();
  return (
    <Stack gap="lg" data-testid="dashboard-page">
      <Title order={1} size="h2">
        {profile ? t('greeting', { name: profile.name || profile.username }) : t('title')}
      </Title>
      <IndicesStrip />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <AssetsCard />
        <WatchlistPreview />
        <RankingsCard
          title={t('movers.title')}
          types={MOVERS}
          seeAllTo={paths.ranking}
          testId="top-movers"
        />
        <HeadlinesCard />
      </SimpleGrid>
    </Stack>
  );
}
