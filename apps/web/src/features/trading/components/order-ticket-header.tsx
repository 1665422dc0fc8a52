import type { TStockDetail } from '@sampada/shared';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { ChangeText } from '../../../components/market/change-text';
import { LivePrice } from '../../../components/market/live-price';
import { useTradingTranslation } from '../i18n';

/** The stock, its live price and change, and a note when the session is not open. */
export function OrderTicketHeader({ detail }: { detail: TStockDetail }) {
  const { t } = useTradingTranslation();
  return (
    <>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Title order={3} size="h5">
            {detail.symbol}
          </Title>
          <Text size="xs" c="dimmed" truncate>
            {detail.name}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text size="xs" c="dimmed">
            {t('ticket.livePrice')}
          </Text>
          <LivePrice price={detail.price} testId="order-live-price" />
          <ChangeText changePct={detail.change_pct} size="xs" />
        </Stack>
      </Group>
      {detail.session !== 'open' && (
        <Alert color="blue" icon={<IconInfoCircle size={18} />} data-testid="order-session-note">
          {t('ticket.closed')}
        </Alert>
      )}
    </>
  );
}
