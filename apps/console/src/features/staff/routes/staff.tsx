import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Checkbox, Modal, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  STAFF_ROLES,
  type TStaffCreateRequest,
  type TStaffRole,
  type TStaffView,
  ZStaffCreateRequest,
  ZStaffRolesRequest,
} from '@sampada/shared';
import { IconPlus } from '@tabler/icons-react';
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
import { StaffRow } from './staff-row';
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
            <StaffRow
              key={s.id}
              staff={s}
              me={me}
              onEdit={setEditing}
              onResetTotp={(id) => resetTotp.mutate(id, done)}
              onSetActive={(id, active) => setActive.mutate({ id, active }, done)}
            />
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
