import { ActionIcon, Badge, Group, Menu, Table, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TStaffView } from '@sampada/shared';
import { IconDots } from '@tabler/icons-react';
import { formatDateTime } from '../../../lib/format';

/** One staff member: roles, whether they may sign in, and the admin's actions. */
export function StaffRow({
  staff: s,
  me,
  onEdit,
  onResetTotp,
  onSetActive,
}: {
  staff: TStaffView;
  me: string | undefined;
  onEdit: (staff: TStaffView) => void;
  onResetTotp: (id: string) => void;
  onSetActive: (id: string, active: boolean) => void;
}) {
  return (
    <Table.Tr data-testid="staff-row">
      <Table.Td>
        <Text size="sm">{s.email}</Text>
        <Text size="xs" c="dimmed">
          {s.name}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={4}>
          {s.roles.map((r) => (
            <Badge key={r} variant="light">
              {r}
            </Badge>
          ))}
        </Group>
      </Table.Td>
      <Table.Td>
        {!s.active ? (
          <Badge color="gray">deactivated</Badge>
        ) : s.locked_until && new Date(s.locked_until) > new Date() ? (
          <Badge color="red">locked</Badge>
        ) : (
          <Badge color="teal">active</Badge>
        )}
      </Table.Td>
      <Table.Td>{s.totp_enrolled ? 'Enrolled' : 'Not set up'}</Table.Td>
      <Table.Td>{formatDateTime(s.last_login_at)}</Table.Td>
      <Table.Td>
        <StaffActionsMenu
          staff={s}
          me={me}
          onEdit={onEdit}
          onResetTotp={onResetTotp}
          onSetActive={onSetActive}
        />
      </Table.Td>
    </Table.Tr>
  );
}

/** Change roles, reset the authenticator, deactivate or activate; each change asks first. */
function StaffActionsMenu({
  staff: s,
  me,
  onEdit,
  onResetTotp,
  onSetActive,
}: {
  staff: TStaffView;
  me: string | undefined;
  onEdit: (staff: TStaffView) => void;
  onResetTotp: (id: string) => void;
  onSetActive: (id: string, active: boolean) => void;
}) {
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <ActionIcon variant="subtle" aria-label={`Actions for ${s.email}`}>
          <IconDots size={16} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onEdit(s)}>Change roles</Menu.Item>
        <Menu.Item
          disabled={!s.totp_enrolled}
          onClick={() =>
            modals.openConfirmModal({
              title: `Reset the authenticator of ${s.email}?`,
              children: (
                <Text size="sm">
                  Their sessions end now; at the next sign-in they set up a new authenticator.
                </Text>
              ),
              labels: { confirm: 'Reset', cancel: 'Cancel' },
              onConfirm: () => onResetTotp(s.id),
            })
          }
        >
          Reset authenticator
        </Menu.Item>
        {s.active ? (
          <Menu.Item
            color="red"
            disabled={s.id === me}
            onClick={() =>
              modals.openConfirmModal({
                title: `Deactivate ${s.email}?`,
                children: <Text size="sm">They are signed out everywhere and cannot sign in.</Text>,
                labels: { confirm: 'Deactivate', cancel: 'Cancel' },
                confirmProps: { color: 'red' },
                onConfirm: () => onSetActive(s.id, false),
              })
            }
          >
            Deactivate
          </Menu.Item>
        ) : (
          <Menu.Item onClick={() => onSetActive(s.id, true)}>Activate</Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
