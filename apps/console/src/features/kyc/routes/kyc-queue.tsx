import { Anchor, Button, Card, Table, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useKycQueue } from '../api/kyc-queue';

export function KycQueuePage() {
  const queue = useKycQueue();
  const rows = queue.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <>
      <PageHeader title="KYC review" description="Pending submissions, oldest first" />
      <QueryState isPending={queue.isPending} error={queue.error}>
        <Card withBorder p={0}>
          <Table.ScrollContainer minWidth={640}>
            <Table highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Submitted</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Mobile</Table.Th>
                  <Table.Th>ID</Table.Th>
                  <Table.Th>Advisor</Table.Th>
                  <Table.Th />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.client_id} data-testid="kyc-queue-row">
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
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {rows.length === 0 ? (
            <Text c="dimmed" p="md">
              Nothing waiting for review.
            </Text>
          ) : null}
        </Card>
        {queue.hasNextPage ? (
          <Button mt="md" variant="light" onClick={() => void queue.fetchNextPage()}>
            Load more
          </Button>
        ) : null}
      </QueryState>
    </>
  );
}
