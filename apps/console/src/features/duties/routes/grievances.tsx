import { Badge, Button, Stack, Table, Text } from '@mantine/core';
import { GRIEVANCE_DAYS, istToday, mayAccess, type TConsoleGrievance } from '@sampada/shared';
import { useState } from 'react';
import { ClientCell } from '../../../components/client-cell';
import { ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { StatusFilter, useStatusParam } from '../../../components/queue-parts';
import { formatDateTime, formatIstDay, humanise } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { GRIEVANCE_FILTERS, type TGrievanceFilter, useGrievanceQueue } from '../api/grievances';
import { OverdueBadge } from '../components/delivery-parts';
import { grievanceTimeline } from '../components/grievance-timeline';
import { ResolveModal } from '../components/resolve-modal';

const OVERDUE = `Not resolved within ${GRIEVANCE_DAYS} days: the client may take it to SEBI SCORES`;

function GrievanceStatusBadge({ status }: { status: string }) {
  return (
    <Badge variant="light" color={status === 'open' ? 'yellow' : 'teal'} data-status={status}>
      {status === 'open' ? 'Open' : status === 'resolved' ? 'Resolved' : humanise(status)}
    </Badge>
  );
}

/** One complaint: what it says, whose it is, its timeline and how it was resolved. */
function GrievanceRow({
  grievance: g,
  today,
  mayResolve,
  onResolve,
}: {
  grievance: TConsoleGrievance;
  today: string;
  mayResolve: boolean;
  onResolve: (grievance: TConsoleGrievance) => void;
}) {
  return (
    <Table.Tr data-testid="grievance-row" data-overdue={g.overdue || undefined}>
      <Table.Td maw={360}>
        <Text size="xs" c="dimmed">
          {g.reference} · {humanise(g.category)}
        </Text>
        <Text size="sm" fw={600}>
          {g.subject}
        </Text>
        <Text size="sm" lineClamp={3}>
          {g.description}
        </Text>
        {/* The row's action under what it is about, not in a last column off a phone's screen. */}
        {g.status === 'open' && mayResolve ? (
          <Button size="compact-sm" mt={6} onClick={() => onResolve(g)}>
            Resolve
          </Button>
        ) : null}
      </Table.Td>
      <Table.Td>
        <ClientCell client={{ id: g.client_id, uid: g.client_uid, name: g.client_name }} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatDateTime(g.filed_at)}</Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }} data-testid="grievance-due">
        <Text size="sm">{formatIstDay(g.due_date)}</Text>
        <Text size="xs" c={g.overdue ? 'red.8' : 'dimmed'}>
          {grievanceTimeline(g, today)}
        </Text>
      </Table.Td>
      <Table.Td miw={112}>
        <Stack gap={4} align="flex-start">
          <GrievanceStatusBadge status={g.status} />
          {g.overdue ? <OverdueBadge what={OVERDUE} /> : null}
        </Stack>
      </Table.Td>
      <Table.Td maw={280}>
        {g.resolution ? (
          <>
            <Text size="sm">{g.resolution}</Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(g.resolved_at)}
            </Text>
          </>
        ) : (
          <Text size="sm">—</Text>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Complaints (the investor charter's grievance redressal): each with its 21-day timeline, the
 * overdue ones flagged and first, and Resolve with a note the client is e-mailed.
 */
export function GrievancesPage() {
  const [status, setStatus] = useStatusParam<TGrievanceFilter>('open');
  const queue = useGrievanceQueue(status);
  const roles = useSession()?.staff.roles ?? [];
  const [resolving, setResolving] = useState<TConsoleGrievance | null>(null);
  const items = queue.data ?? [];
  const today = istToday();

  return (
    <>
      <PageHeader
        title="Grievances"
        description={`A complaint is answered within ${GRIEVANCE_DAYS} days of filing; after that the client may go to SEBI SCORES. Open ones by due date, overdue first.`}
        actions={<StatusFilter filters={GRIEVANCE_FILTERS} value={status} onChange={setStatus} />}
      />
      <QueryState isPending={queue.isPending} error={queue.error}>
        <ListTable
          minWidth={960}
          verticalSpacing="sm"
          columns={['Complaint', 'Client', 'Filed', 'Due', 'Status', 'Resolution']}
          empty={
            items.length === 0
              ? status === 'open'
                ? 'No open complaints.'
                : 'No complaints.'
              : undefined
          }
        >
          {items.map((g) => (
            <GrievanceRow
              key={g.id}
              grievance={g}
              today={today}
              mayResolve={mayAccess(roles, 'grievances')}
              onResolve={setResolving}
            />
          ))}
        </ListTable>
      </QueryState>
      <ResolveModal grievance={resolving} onClose={() => setResolving(null)} />
    </>
  );
}
