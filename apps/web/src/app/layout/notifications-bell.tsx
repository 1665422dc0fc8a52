import { ActionIcon, Button, Divider, Group, Indicator, Popover, Text } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useStore } from '../../lib/create-store';
import { useTranslation } from '../../lib/i18n';
import { getQuotesSocket, useQuoteSubscription } from '../../lib/market/live-quotes';
import { hideToastsOf, toast } from '../../lib/notify';
import {
  useCancelPriceAlert,
  useMarkNotificationsRead,
  usePriceAlerts,
} from '../../lib/market/price-alerts';
import { bellListOpen, noticeText, refreshForNotice, useMarkNoticesRead } from '../../lib/notices';
import { queryKeys } from '../../lib/query-keys';
import { useBellItems } from './bell-items';
import { BellActiveAlerts, BellItems } from './bell-lists';

const NOTICE_TOAST = 'notice-';
const ALERT_TOAST = 'alert-';
/**
 * Fired price alerts as toasts, from the quotes socket. Watching the active alerts' symbols
 * keeps that socket open while there is something to hear. While the bell's list is open the
 * alert is a new row of it, not a toast too.
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
        void queryClient.invalidateQueries({ queryKey: queryKeys.market.alerts });
        if (bellListOpen.get()) return;
        toast({
          type: 'info',
          title: t('alerts.firedTitle'),
          message: alert.message ?? alert.symbol,
          duration: 8_000,
          id: `${ALERT_TOAST}${alert.id}`,
        });
      }),
    [queryClient, t],
  );
}

/**
 * What happened to the client's records, as toasts from the same socket (decision 049), and
 * the queries the notice's kind changed refetched (NOTICE_REFRESHES). While the bell's list is
 * open the notice is a new row of it, not a toast too (decision 053).
 */
export function useNoticeToasts() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      getQuotesSocket().onNotification((notice) => {
        void refreshForNotice(queryClient, notice);
        if (bellListOpen.get()) return;
        toast({
          type: 'info',
          title: t('notices.title'),
          message: noticeText(t, notice),
          duration: 8_000,
          id: `${NOTICE_TOAST}${notice.id}`,
        });
      }),
    [queryClient, t],
  );
}

/** The header's bell: fired alerts and notices (unread ones counted), active alerts to cancel. */
export function NotificationsBell() {
  const { t } = useTranslation();
  const opened = useStore(bellListOpen);
  const setOpened = bellListOpen.set;
  // A list left open when the bell goes (signed out) must not keep the toasts quiet.
  useEffect(() => () => bellListOpen.set(false), []);
  // A notice's or an alert's toast shown just before the list opened lay over the list's rows
  // (top-right, under the header): the list shows them now, so their toasts go.
  useEffect(() => {
    if (opened) hideToastsOf(NOTICE_TOAST, ALERT_TOAST);
  }, [opened]);
  const { items, unread } = useBellItems();
  const { data: alerts } = usePriceAlerts();
  const markAlertsRead = useMarkNotificationsRead();
  const markNoticesRead = useMarkNoticesRead();
  const cancel = useCancelPriceAlert();
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
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => {
                markAlertsRead.mutate();
                markNoticesRead.mutate();
              }}
            >
              {t('alerts.markRead')}
            </Button>
          )}
        </Group>
        <BellItems items={items} close={() => setOpened(false)} />
        <Divider my="sm" />
        <Text fw={600} size="sm" mb={4}>
          {t('alerts.active')}
        </Text>
        <BellActiveAlerts active={active} onCancel={(id) => cancel.mutate(id)} />
      </Popover.Dropdown>
    </Popover>
  );
}
