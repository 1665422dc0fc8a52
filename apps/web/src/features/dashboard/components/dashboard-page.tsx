import { SimpleGrid, Stack, Title } from '@mantine/core';
import { IndicesStrip } from '../../../components/market/indices-strip';
import { RankingsCard } from '../../../components/market/rankings-card';
import { paths } from '../../../config/paths';
import { greetingNameOf } from '@sampada/shared';
import { useProfile } from '../../../lib/auth';
import { useDashboardTranslation } from '../i18n';
import { AssetsCard } from './assets-card';
import { HeadlinesCard } from './headlines-card';
import { NextStepsCard } from './next-steps-card';
import { NomineeReminderCard } from './nominee-reminder-card';
import { WatchlistPreview } from './watchlist-preview';

const MOVERS = ['gainers', 'losers'] as const;

/** The greeting's attribute and placeholder, as the build's boot script reads them. */
const GREETING_TEMPLATE = 'data-greeting-template';
const NAME = '{{name}}';

/**
 * /dashboard (Home): next steps, indices, assets, watchlist, top movers, the latest headlines
 * and the nominee reminder — last, since it appears once its answer comes and must not push
 * the cards above it down (the first-screen spec holds Home's layout shift under 0.02).
 */
export function DashboardPage() {
  const { t } = useDashboardTranslation();
  const { data: profile } = useProfile();
  const name = profile && greetingNameOf(profile);
  return (
    <Stack gap="lg" data-testid="dashboard-page">
      {/* The template lets the static copy of this page greet the client before any script
          (scripts/vite-prerender.ts fills it from the name the device kept). */}
      <Title order={1} size="h2" {...{ [GREETING_TEMPLATE]: t('greeting', { name: NAME }) }}>
        {name ? t('greeting', { name }) : t('title')}
      </Title>
      <NextStepsCard />
      <IndicesStrip />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" data-render-near-viewport>
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
      <NomineeReminderCard />
    </Stack>
  );
}
