import { Alert, Button, Card, Group, Stack, Table, Text } from '@mantine/core';
import { istToday, mayAccess, type TNoteDeliveryRun, ZNoteDeliveryQuery } from '@sampada/shared';
import { useSearchParams } from 'react-router';
import { ClientCell } from '../../../components/client-cell';
import { DayInput } from '../../../components/day-field';
import { ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime, formatIstDay } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useNoteRun, useStartNoteRun } from '../api/contract-notes';
import {
  CountTiles,
  DeliveryStatusBadge,
  OverdueBadge,
  RequeueButton,
} from '../components/delivery-parts';

type TRunItem = TNoteDeliveryRun['items'][number];

const OVERDUE = 'Not delivered within 24 hours of being written, or never sendable';

/**
 * A trading day's contract notes by e-mail (SEBI: within 24 hours of the trade): each client
 * with fills, what became of their message, the late ones flagged; a run started by hand
 * for a day the leader's job has not reached (it sends from 4 pm IST, and catches up the day
 * after).
 */
export function ContractNotesPage() {
  const [params, setParams] = useSearchParams();
  const date = params.get('date') ?? istToday();
  const valid = ZNoteDeliveryQuery.safeParse({ date }).success;

  return (
    <>
      <PageHeader
        title="Contract notes"
        description="Each trading day's contract notes go to every client with a fill by e-mail, within 24 hours of the trade"
      />
      <Stack>
        <RunControls date={date} valid={valid} onDate={(value) => setParams({ date: value })} />
        {valid ? <DayRun date={date} /> : null}
      </Stack>
    </>
  );
}

function RunControls({
  date,
  valid,
  onDate,
}: {
  date: string;
  valid: boolean;
  onDate: (value: string) => void;
}) {
  const start = useStartNoteRun();
  const roles = useSession()?.staff.roles ?? [];
  return (
    <Card withBorder>
      <Stack gap="sm">
        <Group align="flex-end">
          <DayInput
            label="Trade date"
            value={date}
            onChange={onDate}
            error={valid ? undefined : 'Give the trade date as YYYY-MM-DD.'}
          />
          {mayAccess(roles, 'outbox') ? (
            <Button
              disabled={!valid}
              loading={start.isPending}
              onClick={() =>
                start.mutate(date, { onSuccess: ({ message }) => notifySuccess(message) })
              }
            >
              Start run
            </Button>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed">
          Start run e-mails the day&apos;s notes to each client who has not had them yet; no client
          gets them twice. Without a run, they go out from 4:00 pm IST.
        </Text>
        {start.error ? (
          <Alert color="red" data-testid="run-error">
            {start.error.message}
          </Alert>
        ) : null}
      </Stack>
    </Card>
  );
}

function DayRun({ date }: { date: string }) {
  const run = useNoteRun(date);
  const items = run.data?.items ?? [];
  const counts = run.data?.counts;
  return (
    <QueryState isPending={run.isPending} error={run.error}>
      <Stack>
        {counts ? (
          <CountTiles
            tiles={[
              { key: 'clients', label: 'Clients with fills', value: items.length },
              { key: 'sent', label: 'Sent', value: counts.sent },
              { key: 'queued', label: 'Queued', value: counts.queued },
              { key: 'failed', label: 'Failed', value: counts.failed, alert: true },
              { key: 'retried', label: 'Retried', value: counts.retried },
              { key: 'skipped', label: 'Not sent', value: counts.skipped, alert: true },
              {
                key: 'overdue',
                label: 'Overdue',
                value: items.filter((i) => i.overdue).length,
                alert: true,
              },
            ]}
          />
        ) : null}
        <ListTable
          minWidth={1040}
          verticalSpacing="xs"
          columns={[
            'Client',
            { label: 'Notes', right: true },
            'Recipient',
            'Status',
            { label: 'Attempts', right: true },
            'Sent',
            'Why not sent',
            '',
          ]}
          empty={
            items.length === 0
              ? `Nothing for ${formatIstDay(date)} yet: no client had a fill that day, or the day's notes have not gone out (from 4:00 pm IST, or when a run is started).`
              : undefined
          }
        >
          {items.map((item) => (
            <RunRow key={item.client_id} item={item} />
          ))}
        </ListTable>
      </Stack>
    </QueryState>
  );
}

function RunRow({ item }: { item: TRunItem }) {
  return (
    <Table.Tr data-testid="note-row" data-overdue={item.overdue || undefined}>
      <Table.Td>
        <ClientCell client={{ id: item.client_id, uid: item.client_uid, name: item.client_name }} />
      </Table.Td>
      <Table.Td ta="right">{item.notes}</Table.Td>
      <Table.Td>
        <Text size="sm">{item.to ?? '—'}</Text>
      </Table.Td>
      <Table.Td miw={112}>
        <Stack gap={4} align="flex-start">
          <DeliveryStatusBadge status={item.status} />
          {item.overdue ? <OverdueBadge what={OVERDUE} /> : null}
        </Stack>
      </Table.Td>
      <Table.Td ta="right">{item.attempts}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatDateTime(item.sent_at)}</Text>
      </Table.Td>
      <Table.Td>
        <Text size="xs" c={item.skipped_reason || item.last_error ? 'red.8' : 'dimmed'}>
          {item.skipped_reason ?? item.last_error ?? '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        {item.status === 'failed' && item.mail_id ? <RequeueButton id={item.mail_id} /> : null}
      </Table.Td>
    </Table.Tr>
  );
}
