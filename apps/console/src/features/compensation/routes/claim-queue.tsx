import { Anchor, Badge, Card, Select, Table, Text } from '@mantine/core';
import {
  CLAIM_STATUS_LABELS,
  COMPENSATION_CATEGORY_LABELS,
  DECISION_DAYS,
  formatPaise,
} from '@sampada/shared';
import { Link, useSearchParams } from 'react-router';
import { LoadMoreButton } from '../../../components/load-more-button';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { CLAIM_FILTERS, useClaimQueue } from '../api';

/** Compensation claims: open ones due first, so the overdue lead; age against the 21 days. */
export function ClaimQueuePage() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? 'open';
  const queue = useClaimQueue(status);
  const rows = queue.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <PageHeader
        title="Compensation claims"
        description={
          status === 'open'
            ? `Awaiting a decision, due first (target ${DECISION_DAYS} days)`
            : 'Newest first'
        }
        actions={
          <Select
            aria-label="Status"
            data={CLAIM_FILTERS.map((s) => ({
              value: s,
              label: s === 'all' ? 'All' : s === 'open' ? 'Open' : CLAIM_STATUS_LABELS[s],
            }))}
            value={status}
            allowDeselect={false}
            onChange={(value) => setParams(value && value !== 'open' ? { status: value } : {})}
            w={170}
          />
        }
      />
      <QueryState isPending={queue.isPending} error={queue.error}>
        <Card withBorder p={0}>
          <Table.ScrollContainer minWidth={900}>
            <Table highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Reference</Table.Th>
                  <Table.Th>Client</Table.Th>
                  <Table.Th>Category</Table.Th>
                  <Table.Th ta="right">Claimed</Table.Th>
                  <Table.Th>Age</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((claim) => (
                  <Table.Tr key={claim.id} data-testid="claim-row">
                    <Table.Td>
                      <Anchor
                        component={Link}
                        to={paths.claim(claim.id)}
                        size="sm"
                        data-testid="claim-open"
                      >
                        {claim.reference}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(claim.created_at)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={paths.client(claim.client.id)} size="sm">
                        {claim.client.name ?? claim.client.uid}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        UID {claim.client.uid}
                      </Text>
                    </Table.Td>
                    <Table.Td>{COMPENSATION_CATEGORY_LABELS[claim.category]}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatPaise(claim.amount_claimed_paise)}
                    </Table.Td>
                    <Table.Td>
                      <Text
                        size="sm"
                        c={claim.overdue ? 'red' : undefined}
                        fw={claim.overdue ? 600 : undefined}
                      >
                        {claim.age_days} / {DECISION_DAYS} days
                      </Text>
                      <Text size="xs" c="dimmed">
                        due {claim.decision_due}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={claim.overdue ? 'red' : 'blue'}>
                        {claim.overdue ? 'Overdue' : CLAIM_STATUS_LABELS[claim.status]}
                      </Badge>
                      {claim.approvals_required > 1 && (
                        <Text size="xs" c="dimmed">
                          {claim.approvals} of {claim.approvals_required} approvals
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rows.length === 0 ? (
            <Text c="dimmed" p="md">
              No claims.
            </Text>
          ) : null}
        </Card>
        <LoadMoreButton query={queue} />
      </QueryState>
    </>
  );
}
