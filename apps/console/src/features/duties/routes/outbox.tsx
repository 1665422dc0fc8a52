import { Alert, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { mayAccess, type TOutboxMessage } from '@sampada/shared';
import { ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { StatusFilter, useStatusParam } from '../../../components/queue-parts';
import { formatDateTime, humanise } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { OUTBOX_FILTERS, OUTBOX_LIMIT, type TOutboxFilter, useOutbox } from '../api/outbox';
import {
  CountTiles,
  DeliveryStatusBadge,
  deliveryStatusLabel,
  OverdueBadge,
  RequeueButton,
} from '../components/delivery-parts';
import { MessageModal } from '../components/message-modal';

const TRANSPORT = {
  smtp: 'Mail goes out through the SMTP server (SMTP_URL).',
  files: 'No SMTP server is set: each message is written as an .eml file under DATA_DIR/outbox/.',
} as const;

const OVERDUE = 'Not delivered 24 hours after it was written';

/**
 * The mail outbox (decision 031): every message with its delivery status, attempts and last
 * error, the ones still undelivered a day on flagged, and Requeue for a failed one.
 */
export function OutboxPage() {
  const [status, setStatus] = useStatusParam<TOutboxFilter>('all');
  const outbox = useOutbox(status);
  const roles = useSession()?.staff.roles ?? [];
  const items = outbox.data?.items ?? [];
  const counts = outbox.data?.counts;
  const overdue = items.filter((m) => m.overdue).length;
  const [reading, setReading] = useState<string | null>(null);

  return (
    <>
      <PageHeader
        title="Outbox"
        description={
          outbox.data
            ? `${TRANSPORT[outbox.data.transport]} Newest ${OUTBOX_LIMIT} first.`
            : undefined
        }
        actions={
          <StatusFilter
            filters={OUTBOX_FILTERS}
            value={status}
            onChange={setStatus}
            labelOf={(s) => (s === 'all' ? 'All' : deliveryStatusLabel(s))}
          />
        }
      />
      <QueryState isPending={outbox.isPending} error={outbox.error}>
        <Stack>
          {counts ? (
            <CountTiles
              tiles={[
                { key: 'queued', label: 'Queued', value: counts.queued ?? 0 },
                { key: 'sending', label: 'Sending', value: counts.sending ?? 0 },
                { key: 'sent', label: 'Sent', value: counts.sent ?? 0 },
                { key: 'failed', label: 'Failed', value: counts.failed ?? 0, alert: true },
              ]}
            />
          ) : null}
          {overdue > 0 ? (
            <Alert color="red" data-testid="overdue-alert">
              {overdue} {overdue === 1 ? 'message' : 'messages'} listed{' '}
              {overdue === 1 ? 'was' : 'were'} not delivered 24 hours after{' '}
              {overdue === 1 ? 'it was' : 'they were'} written.
            </Alert>
          ) : null}
          <ListTable
            minWidth={1120}
            verticalSpacing="xs"
            columns={[
              'Written',
              'Message',
              'Recipient',
              'Status',
              { label: 'Attempts', right: true },
              'Next attempt',
              'Sent',
              'Last error',
              '',
            ]}
            empty={items.length === 0 ? 'No messages.' : undefined}
          >
            {items.map((m) => (
              <MessageRow
                key={m.id}
                message={m}
                mayRequeue={mayAccess(roles, 'outbox')}
                onRead={() => setReading(m.id)}
              />
            ))}
          </ListTable>
        </Stack>
      </QueryState>
      <MessageModal id={reading} onClose={() => setReading(null)} />
    </>
  );
}

function MessageRow({
  message: m,
  mayRequeue,
  onRead,
}: {
  message: TOutboxMessage;
  mayRequeue: boolean;
  onRead: () => void;
}) {
  // A sent or failed message has no next attempt, whatever the row's last lease said.
  const waiting = m.status === 'queued' || m.status === 'sending';
  return (
    <Table.Tr data-testid="outbox-row" data-overdue={m.overdue || undefined}>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatDateTime(m.created_at)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" fw={500}>
          {m.subject}
        </Text>
        <Text size="xs" c="dimmed">
          {humanise(m.purpose)}
          {m.attachments.length > 0 ? ` · ${m.attachments.join(', ')}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{m.to}</Text>
      </Table.Td>
      <Table.Td miw={112}>
        <Stack gap={4} align="flex-start">
          <DeliveryStatusBadge status={m.status} />
          {m.overdue ? <OverdueBadge what={OVERDUE} /> : null}
        </Stack>
      </Table.Td>
      <Table.Td ta="right">{m.attempts}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{waiting ? formatDateTime(m.next_attempt_at) : '—'}</Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatDateTime(m.sent_at)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs" c={m.last_error ? 'red.8' : 'dimmed'}>
          {m.last_error ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" variant="default" onClick={onRead} aria-label={`Read ${m.subject}`}>
            Read
          </Button>
          {m.status === 'failed' && mayRequeue ? <RequeueButton id={m.id} /> : null}
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
