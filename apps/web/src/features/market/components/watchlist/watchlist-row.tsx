import type { TQuote } from '@sampada/shared';
import { ActionIcon, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconTrash } from '@tabler/icons-react';
import { ChangeText } from '../../../../components/market/change-text';
import { LivePrice } from '../../../../components/market/live-price';
import { openStockDetail } from '../../../../lib/drawers';
import { useMarketTranslation } from '../../i18n';

export type TRowAction = 'up' | 'down' | 'remove';

export interface WatchlistRowProps {
  quote: TQuote;
  isFirst: boolean;
  isLast: boolean;
  /** Being taken off the list. */
  removing: boolean;
  onAction: (action: TRowAction) => void;
}

/** One watched stock: opens its detail; moves up or down; comes off the list. */
export function WatchlistRow({ quote, isFirst, isLast, removing, onAction }: WatchlistRowProps) {
  const { t } = useMarketTranslation();
  return (
    <Group
      justify="space-between"
      wrap="nowrap"
      gap="xs"
      py={8}
      data-testid={`watchlist-row-${quote.symbol}`}
      data-symbol={quote.symbol}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      <UnstyledButton
        onClick={() => openStockDetail(quote.symbol, quote.market)}
        style={{ flex: 1, minWidth: 0 }}
      >
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm">
              {quote.symbol}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {quote.name}
            </Text>
          </Stack>
          <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
            <LivePrice price={quote.price} market={quote.market} size="sm" />
            <ChangeText changePct={quote.change_pct} size="xs" />
          </Stack>
        </Group>
      </UnstyledButton>
      <Group gap={2} wrap="nowrap">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('watchlist.moveUp', { symbol: quote.symbol })}
          disabled={isFirst}
          onClick={() => onAction('up')}
          data-action="up"
        >
          <IconChevronUp size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t('watchlist.moveDown', { symbol: quote.symbol })}
          disabled={isLast}
          onClick={() => onAction('down')}
          data-action="down"
        >
          <IconChevronDown size={18} aria-hidden />
        </ActionIcon>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t('watchlist.remove', { symbol: quote.symbol })}
          loading={removing}
          onClick={() => onAction('remove')}
          data-action="remove"
        >
          <IconTrash size={18} aria-hidden />
        </ActionIcon>
      </Group>
    </Group>
  );
}
