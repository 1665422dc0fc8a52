import { QueryState } from '../../../components/market/query-state';
import { QuoteList, quoteListHeight } from '../../../components/market/quote-list';
import { SectionCard } from '../../../components/market/section-card';
import { paths } from '../../../config/paths';
import { useLiveList } from '../../../lib/market/live-quotes';
import { useWatchlist } from '../../../lib/market/watchlist';
import { useDashboardTranslation } from '../i18n';

const PREVIEW = 5;

/** The first five watched stocks, live, with a link to the full watchlist. */
export function WatchlistPreview() {
  const { t } = useDashboardTranslation();
  const query = useWatchlist();
  const quotes = useLiveList(query.data?.slice(0, PREVIEW));
  return (
    <SectionCard title={t('watchlist.title')} seeAllTo={paths.watchlist} testId="watchlist-preview">
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        isEmpty={quotes.length === 0}
        emptyText={t('watchlist.empty')}
        rows={PREVIEW}
        height={quoteListHeight(PREVIEW)}
      >
        <QuoteList quotes={quotes} testId="watchlist-preview-list" />
      </QueryState>
    </SectionCard>
  );
}
