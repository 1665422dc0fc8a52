import { Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';

export interface QueryStateProps {
  isPending: boolean;
  isError: boolean;
  onRetry?: () => void;
  isEmpty?: boolean;
  /** Said plainly when there is nothing to show. */
  emptyText?: string;
  /** Skeleton rows while loading. */
  rows?: number;
  children: ReactNode;
}

/** Loading, failed and empty states of a market card, so each card says the same thing. */
export function QueryState({
  isPending,
  isError,
  onRetry,
  isEmpty = false,
  emptyText,
  rows = 3,
  children,
}: QueryStateProps) {
  const { t } = useTranslation();
  if (isPending) {
    return (
      <Stack gap="xs" aria-busy="true" aria-label={t('loading')}>
        {Array.from({ length: rows }, (_, index) => (
          <Skeleton key={index} height={28} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (isError) {
    return (
      <Group gap="xs">
        <Text size="sm" c="dimmed">
          {t('quote.loadFailed')}
        </Text>
        {onRetry && (
          <Button size="compact-sm" variant="subtle" onClick={onRetry}>
            {t('quote.retry')}
          </Button>
        )}
      </Group>
    );
  }
  if (isEmpty) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return <>{children}</>;
}
