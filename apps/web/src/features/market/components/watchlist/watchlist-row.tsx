import type { TQuote } from '@sampada/shared';
import { ActionIcon, Group, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconTrash } from '@tabler/icons-react';
import { QuoteSummary } from '../../../../components/market/quote-summary';
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
        <QuoteSummary quote={quote} />
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
