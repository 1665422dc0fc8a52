import { Badge, Button, Paper, SimpleGrid, Text } from '@mantine/core';
import type { TMailStatus } from '@sampada/shared';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRequeueMessage } from '../api/outbox';

/**
 * The pieces the outbox and the contract-note run share: a message's delivery status, the
 * overdue flag, the count tiles and Requeue.
 */

type TDeliveryStatus = TMailStatus | 'skipped';

const STATUS_LOOK: Record<TDeliveryStatus, { label: string; color: string }> = {
  queued: { label: 'Queued', color: 'blue' },
  sending: { label: 'Sending', color: 'cyan' },
  sent: { label: 'Sent', color: 'teal' },
  failed: { label: 'Failed', color: 'red' },
  skipped: { label: 'Not sent', color: 'orange' },
};

export const deliveryStatusLabel = (status: TDeliveryStatus) => STATUS_LOOK[status].label;

export function DeliveryStatusBadge({ status }: { status: TDeliveryStatus }) {
  const look = STATUS_LOOK[status];
  return (
    <Badge variant="light" color={look.color} data-status={status}>
      {look.label}
    </Badge>
  );
}

/** SEBI's 24 hours: a contract note (or any message) not delivered a day after it was due. */
export function OverdueBadge({ what }: { what: string }) {
  return (
    <Badge color="red.9" variant="filled" title={what} data-testid="overdue">
      Overdue
    </Badge>
  );
}

/**
 * The figures, each in its own tile (`count-<key>`): one row where the page is wide enough,
 * two or four to a row on a phone (seven in one row at 375 px were 40 px each, their labels
 * spilling out and widening the page).
 */
export function CountTiles({
  tiles,
}: {
  tiles: { key: string; label: string; value: number; alert?: boolean }[];
}) {
  return (
    <SimpleGrid
      cols={{ base: 2, xs: Math.min(4, tiles.length), md: tiles.length }}
      spacing="sm"
      data-testid="counts"
    >
      {tiles.map((tile) => (
        <Paper key={tile.key} withBorder p="sm" data-testid={`count-${tile.key}`}>
          <Text size="xs" c="dimmed">
            {tile.label}
          </Text>
          <Text fw={700} size="lg" c={tile.alert && tile.value > 0 ? 'red.8' : undefined}>
            {tile.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}

/** Sends a failed message again; the server says whether it could. */
export function RequeueButton({ id }: { id: string }) {
  const requeue = useRequeueMessage();
  return (
    <Button
      size="compact-sm"
      variant="light"
      loading={requeue.isPending}
      onClick={() =>
        requeue.mutate(id, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: notifyError,
        })
      }
    >
      Requeue
    </Button>
  );
}
