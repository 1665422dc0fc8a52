import { zodResolver } from '@hookform/resolvers/zod';
import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Menu,
  Modal,
  PasswordInput,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import {
  STAFF_ROLES,
  type TStaffCreateRequest,
  type TStaffRole,
  type TStaffView,
  ZStaffCreateRequest,
  ZStaffRolesRequest,
} from '@sampada/shared';
import { IconDots, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import {
  type Control,
  Controller,
  type FieldPath,
  type FieldValues,
  useForm,
} from 'react-hook-form';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import {
  useCreateStaff,
  useResetStaffTotp,
  useSetStaffActive,
  useSetStaffRoles,
  useStaff,
} from '../api/staff';
import { ListTable } from '../../../components/list-table';
import { bindField } from '../../../lib/forms';

const ROLE_HINTS: Record<TStaffRole, string> = {
  admin: 'staff, settings, menu, audit — everything',
  advisor: 'own clients, invitation and reset codes, KYC review',
  operations: 'deposits, withdrawals, orders, loans (reads clients)',
  support: 'chat and a read-only client view',
};

export function StaffPage() {
  const staff = useStaff();
  const me = useSession()?.staff.id;
  const [creating, create] = useDisclosure(false);
  const [editing, setEditing] = useState<TStaffView | null>(null);
  const setActive = useSetStaffActive();
  const resetTotp = useResetStaffTotp();
  const done = {
    onSuccess: ({ message }: { message: string }) => notifySuccess(message),
    onError: notifyError,
  };

  return (
    <>
      <PageHeader
        title="Staff"
        description="New staff set up their authenticator at first sign-in"
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={create.open}>
            Add staff
          </Button>
        }
      />
      <QueryState isPending={staff.isPending} error={staff.error}>
        <ListTable
          minWidth={760}
          columns={['Email', 'Roles', 'Status', 'Authenticator', 'Last sign-in', '']}
        >
          {(staff.data ?? []).map((s) => (
            <Table.Tr key={s.id} data-testid="staff-row">
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
                <Menu position="bottom-end">
                  <Menu.Target>
                    <ActionIcon variant="subtle" aria-label={`Actions for ${s.email}`}>
                      <IconDots size={16} />
                    </ActionIcon>
                  </Menu.Target>
                  <Menu.Dropdown>
                    <Menu.Item onClick={() => setEditing(s)}>Change roles</Menu.Item>
                    <Menu.Item
                      disabled={!s.totp_enrolled}
                      onClick={() =>
                        modals.openConfirmModal({
                          title: `Reset the authenticator of ${s.email}?`,
                          children: (
                            <Text size="sm">
                              Their sessions end now; at the next sign-in they set up a new
                              authenticator.
                            </Text>
                          ),
                          labels: { confirm: 'Reset', cancel: 'Cancel' },
                          onConfirm: () => resetTotp.mutate(s.id, done),
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
                            children: (
                              <Text size="sm">
                                They are signed out everywhere and cannot sign in.
                              </Text>
                            ),
                            labels: { confirm: 'Deactivate', cancel: 'Cancel' },
                            confirmProps: { color: 'red' },
                            onConfirm: () => setActive.mutate({ id: s.id, active: false }, done),
                          })
                        }
                      >
                        Deactivate
                      </Menu.Item>
                    ) : (
                      <Menu.Item onClick={() => setActive.mutate({ id: s.id, active: true }, done)}>
                        Activate
                      </Menu.Item>
                    )}
                  </Menu.Dropdown>
                </Menu>
              </Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
      </QueryState>
      <Modal opened={creating} onClose={create.close} title="Add staff">
        <CreateStaffForm onDone={create.close} />
      </Modal>
      <Modal
        opened={!!editing}
        onClose={() => setEditing(null)}
        title={`Roles of ${editing?.email ?? ''}`}
      >
        {editing ? <RolesForm staff={editing} onDone={() => setEditing(null)} /> : null}
      </Modal>
    </>
  );
}

/** The roles of a staff member, as a form field: at least one (CM.rolesRequired). */
function RolesField<T extends FieldValues>({
  control,
  name,
}: {
  control: Control<T>;
  name: FieldPath<T>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <Checkbox.Group
          label="Roles"
          value={field.value as TStaffRole[]}
          onChange={(v) => field.onChange(v as TStaffRole[])}
          error={fieldState.error?.message}
        >
          <Stack gap={6} mt={6}>
            {STAFF_ROLES.map((r) => (
              <Checkbox key={r} value={r} label={r} description={ROLE_HINTS[r]} />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    />
  );
}

function CreateStaffForm({ onDone }: { onDone: () => void }) {
  const create = useCreateStaff();
  const form = useForm<TStaffCreateRequest>({
    resolver: zodResolver(ZStaffCreateRequest),
    defaultValues: { email: '', name: '', roles: ['advisor'], password: '' },
  });
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: ({ message }) => {
        notifySuccess(message);
        onDone();
      },
      onError: notifyError,
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput label="Email" {...bindField(form, 'email')} />
        <TextInput label="Name" {...form.register('name')} />
        <RolesField control={form.control} name="roles" />
        <PasswordInput
          label="Initial password"
          description="Give it to them in person; they also need their phone for the authenticator"
          autoComplete="new-password"
          {...bindField(form, 'password')}
        />
        <Button type="submit" loading={create.isPending}>
          Create
        </Button>
      </Stack>
    </form>
  );
}

function RolesForm({ staff, onDone }: { staff: TStaffView; onDone: () => void }) {
  const setRoles = useSetStaffRoles();
  const form = useForm<{ roles: TStaffRole[] }>({
    resolver: zodResolver(ZStaffRolesRequest),
    defaultValues: { roles: staff.roles },
    mode: 'onChange',
  });
  const submit = form.handleSubmit(({ roles }) =>
    setRoles.mutate(
      { id: staff.id, roles },
      {
        onSuccess: () => {
          notifySuccess('Roles saved.');
          onDone();
        },
        onError: notifyError,
      },
    ),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <RolesField control={form.control} name="roles" />
        <Button
          type="submit"
          disabled={form.watch('roles').length === 0}
          loading={setRoles.isPending}
        >
          Save roles
        </Button>
      </Stack>
    </form>
  );
}
