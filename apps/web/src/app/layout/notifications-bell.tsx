import { formatPaise } from '@sampada/shared';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Stack,
  Text,
} from '@mantine/core';
import { IconBell, IconX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../lib/i18n';
import { getQuotesSocket, useQuoteSubscription } from '../../lib/market/live-quotes';
import { formatDateTime } from '../../lib/money';
import { toast } from '../../lib/notify';
import {
  useCancelPriceAlert,
  useMarkNotificationsRead,
  useNotifications,
  usePriceAlerts,
} from '../../lib/market/price-alerts';
import { queryKeys } from '../../lib/query-keys';

/**
 * Fired price alerts as toasts, from the quotes socket. Watching the active alerts' symbols
 * keeps that socket open while there is something to hear.
 */
export function useAlertToasts() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { data: alerts } = usePriceAlerts();
  const active = (alerts ?? []).filter((a) => a.status === 'active').map((a) => a.symbol);
  useQuoteSubscription(active);
  useEffect(
    () =>
      getQuotesSocket().onAlert((alert) => {
        toast({
          type: 'info',
          title: t('alerts.firedTitle'),
          message: alert.message ?? alert.symbol,
          duration: 8_000,
          id: `alert-${alert.id}`,
        });
        void queryClient.invalidateQueries({ queryKey: queryKeys.market.alerts });
      }),
    [queryClient, t],
  );
}

/** The header's bell: fired alerts (unread ones counted) and the active alerts to cancel. */
export function NotificationsBell() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const { data: notes } = useNotifications();
  const { data: alerts } = usePriceAlerts();
  const markRead = useMarkNotificationsRead();
  const cancel = useCancelPriceAlert();
  const unread = notes?.unread ?? 0;
  const active = (alerts ?? []).filter((a) => a.status === 'active');
  return (
    <Popover
      opened={opened}
      onChange={setOpened}
      width={340}
      position="bottom-end"
      shadow="md"
      withinPortal
    >
      {/* The target is the button itself: the popup's aria-expanded belongs on it, not on the
          badge's wrapper, whose role allows none. */}
      <Indicator label={unread} size={16} disabled={unread === 0} offset={4} color="red">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="gray"
            size="lg"
            onClick={() => setOpened((o) => !o)}
            aria-label={t('alerts.openNotifications', { count: unread })}
            data-testid="notifications-bell"
          >
            <IconBell size={20} aria-hidden />
          </ActionIcon>
        </Popover.Target>
      </Indicator>
      <Popover.Dropdown maw="calc(100vw - 24px)" data-testid="notifications-panel">
        <Group justify="space-between" mb="xs">
          <Text fw={600}>{t('alerts.notifications')}</Text>
          {unread > 0 && (
            <Button size="compact-xs" variant="subtle" onClick={() => markRead.mutate()}>
              {t('alerts.markRead')}
            </Button>
          )}
        </Group>
        <ScrollArea.Autosize mah={280}>
          {notes?.items.length ? (
            <Stack gap="xs">
              {notes.items.map((n) => (
                <div key={n.id} data-testid="notification" data-unread={!n.read_at || undefined}>
                  <Text size="sm" fw={n.read_at ? 400 : 600}>
                    {n.message}
                  </Text>
                  {n.triggered_at && (
                    <Text size="xs" c="dimmed">
                      {formatDateTime(n.triggered_at)}
                    </Text>
                  )}
                </div>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="dimmed">
              {t('alerts.empty')}
            </Text>
          )}
        </ScrollArea.Autosize>
        <Divider my="sm" />
        <Text fw={600} size="sm" mb={4}>
          {t('alerts.active')}
        </Text>
        {active.length ? (
          <Stack gap={4}>
            {active.map((a) => (
              <Group key={a.id} justify="space-between" wrap="nowrap" data-testid="active-alert">
                <Text size="sm" truncate>
                  {a.symbol} ·{' '}
                  {t('alerts.summary', {
                    direction: t(`alerts.${a.direction}`),
                    price: formatPaise(a.price_paise),
                  })}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="sm"
                  aria-label={t('alerts.cancel', {
                    symbol: a.symbol,
                    direction: t(`alerts.${a.direction}`),
                    price: formatPaise(a.price_paise),
                  })}
                  onClick={() => cancel.mutate(a.id)}
                >
                  <IconX size={14} aria-hidden />
                </ActionIcon>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('alerts.noActive')}
          </Text>
        )}
      </Popover.Dropdown>
    </Popover>
  );
}
