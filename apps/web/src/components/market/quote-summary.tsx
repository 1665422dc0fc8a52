import type { TQuote } from '@sampada/shared';
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { ChangeText } from './change-text';
import { LivePrice } from './live-price';

/** A quote in a list's row: the symbol over its name (or another line), price over change. */
export function QuoteSummary({ quote, secondary }: { quote: TQuote; secondary?: ReactNode }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={600} size="sm">
          {quote.symbol}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {secondary ?? quote.name}
        </Text>
      </Stack>
      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
        <LivePrice price={quote.price} market={quote.market} size="sm" />
        <ChangeText changePct={quote.change_pct} size="xs" />
      </Stack>
    </Group>
  );
}
