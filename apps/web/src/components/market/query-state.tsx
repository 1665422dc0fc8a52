import { Box, Button, Group, Skeleton, Stack, Text, type StyleProp } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation, type TCommonTranslate } from '../../lib/i18n';

export interface QueryStateProps {
  isPending: boolean;
  isError: boolean;
  onRetry?: () => void;
  isEmpty?: boolean;
  /** Said plainly when there is nothing to show. */
  emptyText?: string;
  /** Skeleton rows while loading. */
  rows?: number;
  /**
   * The loaded content's usual height, kept in every state: the skeleton's rows stretch to it
   * and a shorter answer (an empty list, an error) keeps it, so nothing below moves when the
   * answer arrives (Home's layout shift, issue 14).
   */
  height?: StyleProp<number>;
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
  height,
  children,
}: QueryStateProps) {
  const { t } = useTranslation();
  if (isPending) {
    return (
      <Stack gap="xs" role="status" aria-busy="true" aria-label={t('loading')} mih={height}>
        {Array.from({ length: rows }, (_, index) => (
          <Skeleton key={index} mih={28} radius="sm" style={{ flex: 1 }} />
        ))}
      </Stack>
    );
  }
  const content = settled(isError, isEmpty, children, emptyText, onRetry, t);
  return height === undefined ? content : <Box mih={height}>{content}</Box>;
}

/** What a card shows once its query has answered. */

function settled(
  isError: boolean,
  isEmpty: boolean,
  children: ReactNode,
  emptyText: string | undefined,
  onRetry: (() => void) | undefined,
  t: TCommonTranslate,
) {
  if (isError) return <LoadFailed onRetry={onRetry} t={t} />;
  if (isEmpty) {
    return (
      <Text size="sm" c="dimmed">
        {emptyText}
      </Text>
    );
  }
  return <>{children}</>;
}

/** 'This could not be loaded right now.' with a Try again: a failed load is never a dead end. */
export function LoadFailed({
  onRetry,
  retrying = false,
  size = 'sm',
  testId,
  t,
}: {
  onRetry?: () => void;
  retrying?: boolean;
  size?: 'xs' | 'sm';
  testId?: string;
  t: TCommonTranslate;
}) {
  return (
    <Group gap="xs" data-testid={testId}>
      <Text size={size} c="dimmed">
        {t('quote.loadFailed')}
      </Text>
      {onRetry && (
        <Button size={`compact-${size}`} variant="subtle" loading={retrying} onClick={onRetry}>
          {t('quote.retry')}
        </Button>
      )}
    </Group>
  );
}
