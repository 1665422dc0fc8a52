import { formatPaise, type TPriceAlert } from '@sampada/shared';
import { ActionIcon, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { openDepositDrawer, openGlobalDrawer } from '../../lib/drawers';
import { useTranslation } from '../../lib/i18n';
import { formatDateTime } from '../../lib/money';
import type { BellItem } from './bell-items';

/** One row: a button to its drawer, a link to its screen, or plain text when it leads nowhere. */
function BellRow({ item: n, close }: { item: BellItem; close: () => void }) {
  const body = (
    <>
      <Text size="sm" fw={n.unread ? 600 : 400}>
        {n.text}
      </Text>
      {n.at && (
        <Text size="xs" c="dimmed">
          {formatDateTime(n.at)}
        </Text>
      )}
    </>
  );
  if (n.opens && 'drawer' in n.opens) {
    const opens = n.opens;
    return (
      <UnstyledButton
        display="block"
        w="100%"
        onClick={() => {
          close();
          if (opens.drawer === 'deposit') openDepositDrawer(opens.focusId);
          else openGlobalDrawer(opens.drawer);
        }}
        data-testid="notification"
        data-unread={n.unread || undefined}
      >
        {body}
      </UnstyledButton>
    );
  }
  return n.opens ? (
    <Text
      component={Link}
      to={n.opens.href}
      onClick={close}
      c="inherit"
      td="none"
      display="block"
      data-testid="notification"
      data-unread={n.unread || undefined}
    >
      {body}
    </Text>
  ) : (
    <div data-testid="notification" data-unread={n.unread || undefined}>
      {body}
    </div>
  );
}

export function BellItems({ items, close }: { items: BellItem[]; close: () => void }) {
  const { t } = useTranslation();
  return (
    <ScrollArea.Autosize mah={280}>
      {items.length ? (
        <Stack gap="xs">
          {items.map((n) => (
            <BellRow key={n.id} item={n} close={close} />
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed">
          {t('alerts.empty')}
        </Text>
      )}
    </ScrollArea.Autosize>
  );
}

export function BellActiveAlerts({
  active,
  onCancel,
}: {
  active: TPriceAlert[];
  onCancel: (id: string) => void;
}) {
  const { t } = useTranslation();
  if (!active.length)
    return (
      <Text size="sm" c="dimmed">
        {t('alerts.noActive')}
      </Text>
    );
  return (
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
            onClick={() => onCancel(a.id)}
          >
            <IconX size={14} aria-hidden />
          </ActionIcon>
        </Group>
      ))}
    </Stack>
  );
}
