import type { TQuote } from '@sampada/shared';
import { Box, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { memo } from 'react';
import { openStockDetail } from '../../lib/drawers';
import { useTranslation } from '../../lib/i18n';
import { sameQuote, useLiveList } from '../../lib/market/live-quotes';
import { indicesQueryOptions } from '../../lib/market/market-queries';
import { ChangeText } from './change-text';
import { LivePrice } from './live-price';
import { QueryState } from './query-state';

const CARD_WIDTH = 168;
/** A row of index cards as loaded, with room for a desktop's scrollbar under it. */
const STRIP_HEIGHT = 97;

/** One index's card; rendered again only when its quote says something new (a tick). */
const IndexCard = memo(
  function IndexCard({ index }: { index: TQuote }) {
    return (
      <Box component="li" style={{ flex: `1 0 ${CARD_WIDTH}px` }}>
        <UnstyledButton
          p="sm"
          w="100%"
          onClick={() => openStockDetail(index.symbol, index.market)}
          data-testid={`index-${index.symbol}`}
          style={{
            border: '1px solid var(--mantine-color-gray-3)',
            borderRadius: 'var(--mantine-radius-md)',
          }}
        >
          <Stack gap={2} align="flex-start">
            <Text size="xs" c="dimmed" fw={600} truncate>
              {index.name}
            </Text>
            <LivePrice price={index.price} market={index.market} />
            <ChangeText change={index.change} changePct={index.change_pct} size="xs" withAmount />
          </Stack>
        </UnstyledButton>
      </Box>
    );
  },
  (before, after) => sameQuote(before.index, after.index),
);

/** The six indices of spec §3, live; scrolls sideways on a phone. */
export function IndicesStrip() {
  const { t } = useTranslation();
  const query = useQuery(indicesQueryOptions());
  const indices = useLiveList(query.data);
  return (
    <Box component="section" aria-label={t('quote.indicesLabel')} data-testid="indices-strip">
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        isEmpty={indices.length === 0}
        rows={1}
        height={STRIP_HEIGHT}
      >
        {/* The browser's own scrolling, not Mantine's ScrollArea: its scrollbars are drawn by
            script, and each tick that changed a card's width set off resize observers and
            forced layouts on the page's busiest moment (decision 078). */}
        <Box
          component="ul"
          m={0}
          p={0}
          style={{
            listStyle: 'none',
            display: 'flex',
            gap: 'var(--mantine-spacing-sm)',
            overflowX: 'auto',
            overscrollBehaviorX: 'contain',
            scrollbarWidth: 'thin',
          }}
        >
          {indices.map((index) => (
            <IndexCard key={index.symbol} index={index} />
          ))}
        </Box>
      </QueryState>
    </Box>
  );
}
