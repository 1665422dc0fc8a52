import { Card, Group, Table, Text, Title } from '@mantine/core';
import { mayAccess, type TNominees } from '@sampada/shared';
import { QueryState } from '../../../components/query-state';
import { formatDateTime, formatIstDay, humanise } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useClientNominees } from '../api/get-client-nominees';

/**
 * A client's nominees on the client page (issue 36), read-only: only the client changes them,
 * with their PIN, in the app. Shown to every role that may open the client (area `clients`,
 * as the server checks); ID numbers arrive masked.
 */
export function ClientNominees({ clientId }: { clientId: string }) {
  const roles = useSession()?.staff.roles;
  if (!mayAccess(roles, 'clients')) return null;
  return <ClientNomineesCard clientId={clientId} />;
}

function ClientNomineesCard({ clientId }: { clientId: string }) {
  const nominees = useClientNominees(clientId);
  return (
    <Card withBorder data-testid="client-nominees">
      <Group justify="space-between" mb="xs">
        <Title order={4}>Nominees</Title>
        {nominees.data?.updated_at ? (
          <Text size="sm" c="dimmed">
            Last changed {formatDateTime(nominees.data.updated_at)}
          </Text>
        ) : null}
      </Group>
      <QueryState isPending={nominees.isPending} error={nominees.error}>
        {nominees.data ? <NominationBody nominees={nominees.data} /> : null}
      </QueryState>
    </Card>
  );
}

function NominationBody({ nominees }: { nominees: TNominees }) {
  if (nominees.status === 'none')
    return (
      <Text size="sm" c="dimmed" data-testid="nomination-state">
        No nominee on record. The client is reminded on Home to name nominees or opt out.
      </Text>
    );
  if (nominees.status === 'opted_out')
    return (
      <Text size="sm" data-testid="nomination-state">
        Nomination opted out (declaration dated {formatDateTime(nominees.updated_at)}).
      </Text>
    );
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Relationship</Table.Th>
            <Table.Th>Date of birth</Table.Th>
            <Table.Th ta="right">Share</Table.Th>
            <Table.Th>ID number</Table.Th>
            <Table.Th>Address</Table.Th>
            <Table.Th>Guardian (minor)</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {nominees.nominees.map((n) => (
            <Table.Tr key={`${n.name}-${n.id_number}`} data-testid="nominee-row">
              <Table.Td>{n.name}</Table.Td>
              <Table.Td>{humanise(n.relationship)}</Table.Td>
              <Table.Td>{formatIstDay(n.dob)}</Table.Td>
              <Table.Td ta="right">{n.share_pct}%</Table.Td>
              <Table.Td>{n.id_number}</Table.Td>
              <Table.Td>{n.address}</Table.Td>
              <Table.Td>
                {n.guardian ? `${n.guardian.name} (${humanise(n.guardian.relationship)})` : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
