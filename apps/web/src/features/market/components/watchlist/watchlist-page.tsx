import { Box, Paper, Stack, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { QueryState } from '../../../../components/market/query-state';
import { useLiveList } from '../../../../lib/market/live-quotes';
import {
  moveEntry,
  useAddToWatchlist,
  useRemoveFromWatchlist,
  useReorderWatchlist,
  useWatchlist,
} from '../../../../lib/market/watchlist';
import { useMarketTranslation } from '../../i18n';
import { WatchlistAdd } from './watchlist-add';
import { WatchlistRow, type TRowAction } from './watchlist-row';

/** Where keyboard focus goes once the list shows the change (a moved row: at `index`). */
type TFocusTarget = { symbol: string; action: TRowAction; index?: number } | 'add';

/**
 * Moves keyboard focus to the target once the list shows the change: the add field, or the
 * moved row's button (its other arrow at the top or bottom).
 */
function useFocusFollows(
  focusTarget: TFocusTarget | null,
  setFocusTarget: (target: TFocusTarget | null) => void,
  quotes: { symbol: string }[],
) {
  const listRef = useRef<HTMLDivElement>(null);
  const addRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (!focusTarget) return;
    if (focusTarget !== 'add' && focusTarget.index !== undefined) {
      // The new order shows a moment after the click (the cache update is asynchronous).
      if (quotes[focusTarget.index]?.symbol !== focusTarget.symbol) return;
    }
    setFocusTarget(null);
    if (focusTarget === 'add') {
      addRef.current?.focus();
      return;
    }
    const row = listRef.current?.querySelector(`[data-symbol="${focusTarget.symbol}"]`);
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-action="${focusTarget.action}"]`);
    // At the top or bottom the pressed button is disabled: the other one takes focus.
    const other = focusTarget.action === 'up' ? 'down' : 'up';
    const fallback = row?.querySelector<HTMLButtonElement>(`[data-action="${other}"]`);
    (wanted && !wanted.disabled ? wanted : fallback)?.focus();
  }, [focusTarget, quotes]);
  return { listRef, addRef };
}

/**
 * Watchlist (menu component 'market/watchlist'): live prices; add through search, remove,
 * and reorder with the up and down buttons. Every change is saved on the server; keyboard
 * focus follows the moved row and each change is announced.
 */
export default function WatchlistPage() {
  const { t } = useMarketTranslation();
  const query = useWatchlist();
  const quotes = useLiveList(query.data);
  const add = useAddToWatchlist();
  const remove = useRemoveFromWatchlist();
  const reorder = useReorderWatchlist();
  const [announcement, setAnnouncement] = useState('');
  const [focusTarget, setFocusTarget] = useState<TFocusTarget | null>(null);
  const { listRef, addRef } = useFocusFollows(focusTarget, setFocusTarget, quotes);

  const act = (index: number, action: TRowAction) => {
    const list = query.data ?? [];
    const quote = list[index];
    if (!quote) return;
    if (action === 'remove') {
      const next = list[index + 1] ?? list[index - 1];
      remove.mutate(quote.symbol, {
        onSuccess: () => {
          setAnnouncement(t('watchlist.removed', { symbol: quote.symbol }));
          setFocusTarget(next ? { symbol: next.symbol, action: 'remove' } : 'add');
        },
      });
      return;
    }
    const order = moveEntry(list, index, action === 'up' ? -1 : 1);
    reorder.mutate(order);
    const position = order.findIndex((entry) => entry.symbol === quote.symbol) + 1;
    setAnnouncement(t('watchlist.moved', { symbol: quote.symbol, position, count: order.length }));
    setFocusTarget({ symbol: quote.symbol, action, index: position - 1 });
  };

  const onAdd = (symbol: string) =>
    add.mutate(symbol, {
      onSuccess: () => setAnnouncement(t('watchlist.added', { symbol })),
    });

  return (
    <Stack gap="md" data-testid="watchlist-page">
      <Title order={1} size="h2">
        {t('watchlist.title')}
      </Title>
      <WatchlistAdd ref={addRef} onAdd={onAdd} exclude={quotes.map((quote) => quote.symbol)} />
      <Paper withBorder radius="md" px="md" py="xs">
        <QueryState
          isPending={query.isPending}
          isError={query.isError}
          onRetry={() => void query.refetch()}
          isEmpty={quotes.length === 0}
          emptyText={t('watchlist.empty')}
          rows={5}
        >
          <Box ref={listRef} component="div" role="list" data-testid="watchlist">
            {quotes.map((quote, index) => (
              <div role="listitem" key={quote.symbol}>
                <WatchlistRow
                  quote={quote}
                  isFirst={index === 0}
                  isLast={index === quotes.length - 1}
                  removing={remove.isPending && remove.variables === quote.symbol}
                  onAction={(action) => act(index, action)}
                />
              </div>
            ))}
          </Box>
        </QueryState>
      </Paper>
      <VisuallyHidden role="status" aria-live="polite" data-testid="watchlist-announcer">
        {announcement}
      </VisuallyHidden>
    </Stack>
  );
}
