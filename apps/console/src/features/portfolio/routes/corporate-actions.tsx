import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { istToday, mayAccess, type TCorporateAction } from '@sampada/shared';
import { useState } from 'react';
import { ListTable } from '../../../components/list-table';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { StatusFilter, useStatusParam } from '../../../components/queue-parts';
import { formatDateTime } from '../../../lib/format';
import { useQueueDecision } from '../../../lib/queue-decision';
import { useSession } from '../../../lib/session';
import { type TActionDecision, useCorporateActions, useDecideAction } from '../api';
import {
  actionTerms,
  formatDay,
  purposeOf,
  SOURCE_LABELS,
  STATUS_COLORS,
  STATUS_LABELS,
} from '../components/action-terms';
import { ApproveActionModal, RejectActionModal } from '../components/decide-action-modals';
import { ImportActionsModal } from '../components/import-actions-modal';
import { ProposeActionModal } from '../components/propose-action-modal';

const FILTERS = ['proposed', 'entered', 'applied', 'rejected', 'all'] as const;
type TFilter = (typeof FILTERS)[number];

/** Why the proposer's Approve is off: the server refuses it too (decision 040). */
export const OWN_PROPOSAL = 'You proposed this: a second officer must approve it.';

/**
 * Corporate actions, maker-checker: the ones awaiting a second officer first, then by status.
 * Operations propose one (a form per kind) or import NSE's file; another officer approves —
 * applied at once when its ex-date has come — or rejects with a reason.
 */
export function CorporateActionsPage() {
  const [status, setStatus] = useStatusParam<TFilter>('proposed');
  const query = useCorporateActions();
  const staff = useSession()?.staff;
  const mayDecide = mayAccess(staff?.roles, 'corporateActions');
  const [dialog, setDialog] = useState<'propose' | 'import' | null>(null);
  const decide = useDecideAction();
  const decision = useQueueDecision<'approve' | 'reject', TCorporateAction, TActionDecision>(
    decide,
  );
  const all = query.data?.items ?? [];
  const rows = status === 'all' ? all : all.filter((a) => a.status === status);
  const count = (s: TFilter) =>
    s === 'all' ? all.length : all.filter((a) => a.status === s).length;
  const open = decision.open;
  return (
    <Stack gap={0} data-testid="corporate-actions">
      <PageHeader
        title="Corporate actions"
        description="Splits, consolidations, bonuses, dividends and symbol changes. A proposal is applied only after a second officer approves it."
        actions={
          <>
            {mayDecide ? <ProposeButtons onOpen={setDialog} /> : null}
            <StatusFilter
              filters={FILTERS}
              value={status}
              onChange={setStatus}
              labelOf={(s) => `${STATUS_LABELS[s as TCorporateAction['status']]} (${count(s)})`}
              width={210}
              testId="action-status"
            />
          </>
        }
      />
      <QueryState isPending={query.isPending} error={query.error}>
        <ListTable
          minWidth={980}
          columns={['Scrip and action', 'Dates (IST)', 'Proposed', 'Status', '']}
          empty={rows.length === 0 ? emptyText(status) : null}
          verticalSpacing="sm"
        >
          {rows.map((action) => (
            <ActionRow
              key={action.id}
              action={action}
              mine={action.proposed_by !== null && action.proposed_by === staff?.id}
              mayDecide={mayDecide}
              onDecide={(kind) => decision.start(kind, action)}
            />
          ))}
        </ListTable>
      </QueryState>
      <ProposeActionModal opened={dialog === 'propose'} onClose={() => setDialog(null)} />
      <ImportActionsModal opened={dialog === 'import'} onClose={() => setDialog(null)} />
      <ApproveActionModal
        action={open?.kind === 'approve' ? open.item : null}
        today={istToday()}
        failure={decision.failure}
        loading={decide.isPending}
        onClose={decision.close}
        onApprove={() => open && decision.run(open.item, { action: 'approve' })}
      />
      <RejectActionModal
        key={open?.kind === 'reject' ? open.item.id : 'none'}
        action={open?.kind === 'reject' ? open.item : null}
        failure={decision.failure}
        loading={decide.isPending}
        onClose={decision.close}
        onReject={(reason) => open && decision.run(open.item, { action: 'reject', reason })}
      />
    </Stack>
  );
}

/** Proposing an action, by hand or from NSE's file. */
function ProposeButtons({ onOpen }: { onOpen: (dialog: 'propose' | 'import') => void }) {
  return (
    <>
      <Button onClick={() => onOpen('propose')} data-testid="action-propose">
        Propose
      </Button>
      <Button variant="default" onClick={() => onOpen('import')}>
        Import NSE file
      </Button>
    </>
  );
}

const emptyText = (status: TFilter) =>
  status === 'proposed'
    ? 'Nothing awaits approval.'
    : status === 'all'
      ? 'No corporate actions on record.'
      : `No ${STATUS_LABELS[status].toLowerCase()} corporate actions.`;

function ActionRow({
  action,
  mine,
  mayDecide,
  onDecide,
}: {
  action: TCorporateAction;
  mine: boolean;
  mayDecide: boolean;
  onDecide: (kind: 'approve' | 'reject') => void;
}) {
  return (
    <Table.Tr data-testid="action-row" data-symbol={action.symbol}>
      <Table.Td>
        <Text fw={600}>{action.symbol}</Text>
        <Text size="sm">{actionTerms(action)}</Text>
        <Text size="xs" c="dimmed" lineClamp={2}>
          {purposeOf(action)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">Ex-date {formatDay(action.ex_date)}</Text>
        {action.record_date ? (
          <Text size="xs" c="dimmed">
            Record date {formatDay(action.record_date)}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{action.proposed_by_email ?? SOURCE_LABELS[action.source]}</Text>
        <Text size="xs" c="dimmed">
          {SOURCE_LABELS[action.source] ?? action.source} · {formatDateTime(action.created_at)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={STATUS_COLORS[action.status]} data-status={action.status}>
          {STATUS_LABELS[action.status]}
        </Badge>
        <DecidedLine action={action} />
      </Table.Td>
      <Table.Td>
        {action.status === 'proposed' && mayDecide ? (
          <Stack gap={4} align="flex-end">
            <Group gap="xs" wrap="nowrap">
              <Button
                size="compact-sm"
                color="teal"
                disabled={mine}
                onClick={() => onDecide('approve')}
                data-testid="action-approve"
              >
                Approve
              </Button>
              <Button
                size="compact-sm"
                color="red"
                variant="light"
                onClick={() => onDecide('reject')}
                data-testid="action-reject"
              >
                Reject
              </Button>
            </Group>
            {mine ? (
              <Text size="xs" c="dimmed" ta="right" data-testid="action-own">
                {OWN_PROPOSAL}
              </Text>
            ) : null}
          </Stack>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}

/** Who decided and when; a rejection's reason; when it was applied to holdings. */
function DecidedLine({ action }: { action: TCorporateAction }) {
  return (
    <>
      {action.decided_by_email ? (
        <Text size="xs" c="dimmed">
          {action.status === 'rejected' ? 'Rejected' : 'Approved'} by {action.decided_by_email} ·{' '}
          {formatDateTime(action.decided_at)}
        </Text>
      ) : null}
      {action.reject_reason ? (
        <Text size="xs" c="dimmed">
          {action.reject_reason}
        </Text>
      ) : null}
      {action.applied_at ? (
        <Text size="xs" c="dimmed">
          Applied {formatDateTime(action.applied_at)}
        </Text>
      ) : action.status === 'entered' ? (
        <Text size="xs" c="dimmed">
          Applies at the start of {formatDay(action.ex_date)}
        </Text>
      ) : null}
    </>
  );
}
