import { Anchor, Button, Table } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useKycQueue } from '../api/kyc-queue';
import { ListTable } from '../../../components/list-table';
import { rowOpener } from '../../../components/queue-page';

export function KycQueuePage() {
  const queue = useKycQueue();
  const navigate = useNavigate();
  // The whole row opens the review, as in the other queues (issue 31: it looked clickable).
  const open = (row: { client_id: string }) => void navigate(paths.kycReview(row.client_id));
  const rows = queue.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <PageHeader title="KYC review" description="Pending submissions, oldest first" />
      <QueryState isPending={queue.isPending} error={queue.error}>
        <ListTable
          minWidth={640}
          columns={['Submitted', 'Name', 'Mobile', 'ID', 'Advisor', '']}
          empty={rows.length === 0 ? 'Nothing waiting for review.' : null}
          highlightOnHover
        >
          {rows.map((r) => (
            <Table.Tr key={r.client_id} data-testid="kyc-queue-row" {...rowOpener(open, r)}>
              <Table.Td>{formatDateTime(r.submitted_at)}</Table.Td>
              <Table.Td>{r.full_name}</Table.Td>
              <Table.Td>{r.mobile}</Table.Td>
              <Table.Td>{r.id_type.toUpperCase()}</Table.Td>
              <Table.Td>{r.advisor_email ?? '—'}</Table.Td>
              <Table.Td>
                <Anchor component={Link} to={paths.kycReview(r.client_id)}>
                  Review
                </Anchor>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
        {queue.hasNextPage ? (
          <Button mt="md" variant="light" onClick={() => void queue.fetchNextPage()}>
            Load more
          </Button>
        ) : null}
      </QueryState>
    </>
  );
}
