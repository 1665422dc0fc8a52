import { Button, Code, Table, Text } from '@mantine/core';
import type { TInviteView } from '@sampada/shared';
import { StatusBadge } from '../../../components/kyc-status-badge';
import { formatDateTime } from '../../../lib/format';

/** One code: its status and uses, who signed up with it, and Revoke while it is active. */
export function InviteRow({
  invite: i,
  onRevoke,
}: {
  invite: TInviteView;
  onRevoke: (code: string) => void;
}) {
  return (
    <Table.Tr data-testid="invite-row">
      <Table.Td>
        <Code>{i.code}</Code>
        {i.note ? (
          <Text size="xs" c="dimmed">
            {i.note}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>
        <StatusBadge status={i.status} />
      </Table.Td>
      <Table.Td>
        {i.uses} / {i.max_uses}
      </Table.Td>
      <Table.Td>{i.expires_at ? formatDateTime(i.expires_at) : 'Never'}</Table.Td>
      <Table.Td>{i.advisor.email}</Table.Td>
      <Table.Td>
        {i.used_by.length === 0
          ? '—'
          : i.used_by.map((u) => (
              <Text key={u.id} size="xs">
                {u.mobile} · {formatDateTime(u.created_at)}
              </Text>
            ))}
      </Table.Td>
      <Table.Td>
        {i.status === 'active' ? (
          <Button size="xs" color="red" variant="subtle" onClick={() => onRevoke(i.code)}>
            Revoke
          </Button>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
