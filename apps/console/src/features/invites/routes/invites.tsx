import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Modal, NumberInput, Select, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { modals } from '@mantine/modals';
import { type TInviteCreateRequest, type TInviteView, ZInviteCreateRequest } from '@sampada/shared';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useAdvisors, useCreateInvite, useInvites, useRevokeInvite } from '../api/invites';
import { ListTable } from '../../../components/list-table';
import { InviteRow } from './invite-row';
import { NewCodeAlert } from './new-code-alert';

export function InvitesPage() {
  const invites = useInvites();
  const revoke = useRevokeInvite();
  const [opened, { open, close }] = useDisclosure(false);
  const [created, setCreated] = useState<TInviteView | null>(null);
  const rows = invites.data?.pages.flatMap((p) => p.items) ?? [];

  const confirmRevoke = (code: string) =>
    modals.openConfirmModal({
      title: `Revoke ${code}?`,
      children: (
        <Text size="sm">
          Nobody can sign up with this code afterwards. Clients who already did are not affected.
        </Text>
      ),
      labels: { confirm: 'Revoke', cancel: 'Keep' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        revoke.mutate(code, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: notifyError,
        }),
    });

  return (
    <>
      <PageHeader
        title="Invitation codes"
        description="Clients sign up with a code and belong to its advisor"
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={open}>
            New code
          </Button>
        }
      />
      {created ? <NewCodeAlert code={created.code} onClose={() => setCreated(null)} /> : null}
      <QueryState isPending={invites.isPending} error={invites.error}>
        <ListTable
          minWidth={820}
          columns={['Code', 'Status', 'Uses', 'Expires', 'Advisor', 'Used by', '']}
          empty={rows.length === 0 ? 'No codes yet.' : null}
        >
          {rows.map((i) => (
            <InviteRow key={i.id} invite={i} onRevoke={confirmRevoke} />
          ))}
        </ListTable>
        {invites.hasNextPage ? (
          <Button mt="md" variant="light" onClick={() => void invites.fetchNextPage()}>
            Load more
          </Button>
        ) : null}
      </QueryState>
      <Modal opened={opened} onClose={close} title="New invitation code">
        <CreateInviteForm
          onCreated={(invite) => {
            setCreated(invite);
            close();
          }}
        />
      </Modal>
    </>
  );
}

function CreateInviteForm({ onCreated }: { onCreated: (invite: TInviteView) => void }) {
  const roles = useSession()?.staff.roles ?? [];
  const isAdmin = roles.includes('admin');
  const advisors = useAdvisors(isAdmin);
  const create = useCreateInvite();
  const form = useForm<TInviteCreateRequest>({
    resolver: zodResolver(ZInviteCreateRequest),
    defaultValues: { max_uses: 1, expires_in_hours: 168, note: '' },
  });
  const submit = form.handleSubmit((values) =>
    create.mutate(values, {
      onSuccess: ({ data, message }) => {
        notifySuccess(message);
        onCreated(data);
      },
      onError: notifyError,
    }),
  );
  const number = (name: 'max_uses' | 'expires_in_hours', label: string, description: string) => (
    <Controller
      control={form.control}
      name={name}
      render={({ field, fieldState }) => (
        <NumberInput
          label={label}
          description={description}
          min={name === 'max_uses' ? 1 : 0}
          allowDecimal={false}
          value={(field.value as number | null | undefined) ?? ''}
          onChange={(v) =>
            field.onChange(v === '' || v === 0 ? (name === 'max_uses' ? v : null) : Number(v))
          }
          error={fieldState.error?.message}
        />
      )}
    />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {isAdmin ? (
          <Controller
            control={form.control}
            name="advisor_id"
            render={({ field, fieldState }) => (
              <Select
                label="Advisor"
                description="Clients who sign up with the code belong to this advisor"
                data={(advisors.data ?? []).map((a) => ({ value: a.id, label: a.email }))}
                value={field.value ?? null}
                onChange={(v) => field.onChange(v ?? undefined)}
                error={fieldState.error?.message}
                searchable
              />
            )}
          />
        ) : null}
        {number(
          'max_uses',
          'Sign-ups allowed',
          '1 for a single client; more for a seminar or campaign',
        )}
        {number(
          'expires_in_hours',
          'Expires after (hours)',
          'Leave empty for no expiry; 168 is one week',
        )}
        <TextInput label="Note" placeholder="For whom or what" {...form.register('note')} />
        <Button type="submit" loading={create.isPending}>
          Create code
        </Button>
      </Stack>
    </form>
  );
}
