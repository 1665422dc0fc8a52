import { Button } from '@mantine/core';
import { IconStar, IconStarFilled } from '@tabler/icons-react';
import {
  useAddToWatchlist,
  useRemoveFromWatchlist,
  useWatchlist,
} from '../../../../lib/market/watchlist';
import { useMarketTranslation } from '../../i18n';

/** Adds the stock to the watchlist or takes it off; the list is saved on the server. */
export function WatchlistToggle({ symbol }: { symbol: string }) {
  const { t } = useMarketTranslation();
  const { data: watchlist } = useWatchlist();
  const add = useAddToWatchlist();
  const remove = useRemoveFromWatchlist();
  const watched = Boolean(watchlist?.some((quote) => quote.symbol === symbol));
  const busy = add.isPending || remove.isPending;
  return (
    <Button
      variant={watched ? 'light' : 'default'}
      leftSection={
        watched ? <IconStarFilled size={16} aria-hidden /> : <IconStar size={16} aria-hidden />
      }
      loading={busy}
      onClick={() => (watched ? remove.mutate(symbol) : add.mutate(symbol))}
      data-testid="watchlist-toggle"
      size="sm"
    >
      {t(watched ? 'watchlist.toggleRemove' : 'watchlist.toggleAdd')}
    </Button>
  );
}
