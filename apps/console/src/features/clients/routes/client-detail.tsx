import {
  Anchor,
  Button,
  Card,
  Group,
  Image,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { mayAccess, type TClientDetail } from '@sampada/shared';
import { Link, useParams } from 'react-router';
import { StatusBadge } from '../../../components/kyc-status-badge';
import { PageHeader } from '../../../components/page-header';
import { DetailRow } from '../../../components/detail-row';
import { QueryState } from '../../../components/query-state';
import { RESET_CODE_COLUMNS, ResetCodeCells } from '../../../components/reset-code-cells';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useClient } from '../api/get-client';
import { ClientNominees } from '../components/client-nominees';
import { useResetClientTotp, useSetClientFlags } from '../api/update-client';

const FLAGS = [
  { key: 'allow_compensation', label: 'Compensation applications' },
  { key: 'allow_bonus', label: 'Bonuses and offers' },
  { key: 'allow_loan', label: 'Loans' },
] as const;

/** `sections` adds cards below the profile (app/ passes the client's orders from trading). */
export function ClientDetailPage({
  sections,
}: {
  sections?: (client: TClientDetail) => React.ReactNode;
}) {
  const { id = '' } = useParams();
  const client = useClient(id);
  const roles = useSession()?.staff.roles;
  const canEdit = mayAccess(roles, 'clientEdit');
  return (
    <QueryState isPending={client.isPending} error={client.error}>
      {client.data ? (
        <>
          <PageHeader
            title={client.data.name ?? client.data.mobile}
            description={`UID ${client.data.uid} · account ${client.data.account}`}
            actions={
              <>
                {mayAccess(roles, 'ledger') ? (
                  <Button variant="light" component={Link} to={paths.clientLedger(client.data.id)}>
                    Ledger
                  </Button>
                ) : null}
                {mayAccess(roles, 'resetCodes') ? (
                  <Button
                    variant="light"
                    component={Link}
                    to={`${paths.resetCodes}?mobile=${encodeURIComponent(client.data.mobile)}`}
                  >
                    Issue a reset code
                  </Button>
                ) : null}
                {mayAccess(roles, 'settings') ? <ResetTotpButton client={client.data} /> : null}
              </>
            }
          />
          <SimpleGrid cols={{ base: 1, lg: 2 }}>
            <Profile client={client.data} />
            <Kyc client={client.data} canReview={mayAccess(roles, 'kyc')} />
            <Flags client={client.data} canEdit={canEdit} />
            <ResetCodes client={client.data} />
          </SimpleGrid>
          <Stack mt="md">
            <ClientNominees clientId={client.data.id} />
          </Stack>
          {sections ? <Stack mt="md">{sections(client.data)}</Stack> : null}
        </>
      ) : null}
    </QueryState>
  );
}

function Profile({ client }: { client: TClientDetail }) {
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Profile
      </Title>
      <Stack gap={6}>
        <DetailRow label="Mobile">{client.mobile}</DetailRow>
        <DetailRow label="Name">{client.name ?? '—'}</DetailRow>
        <DetailRow label="KYC">
          <StatusBadge status={client.kyc_status} />
        </DetailRow>
        <DetailRow label="Advisor">{client.advisor?.email ?? '—'}</DetailRow>
        <DetailRow label="VIP level">{client.vip}</DetailRow>
        <DetailRow label="Trust score">{client.score}</DetailRow>
        <DetailRow label="PIN set">{client.has_pin ? 'Yes' : 'No'}</DetailRow>
        <DetailRow label="Joined">{formatDateTime(client.created_at)}</DetailRow>
      </Stack>
    </Card>
  );
}

function Kyc({ client, canReview }: { client: TClientDetail; canReview: boolean }) {
  const kyc = client.kyc;
  return (
    <Card withBorder>
      <Group justify="space-between" mb="sm">
        <Title order={4}>KYC record</Title>
        {kyc && canReview ? (
          <Anchor component={Link} to={paths.kycReview(client.id)} size="sm">
            Open review
          </Anchor>
        ) : null}
      </Group>
      {!kyc ? (
        <Text c="dimmed" size="sm">
          Not submitted yet.
        </Text>
      ) : (
        <Stack gap={6}>
          <DetailRow label="Full name">{kyc.full_name}</DetailRow>
          <DetailRow label="Date of birth">{kyc.dob}</DetailRow>
          <DetailRow label={kyc.id_type === 'pan' ? 'PAN' : 'Aadhaar'}>{kyc.id_no}</DetailRow>
          <DetailRow label="Submitted">{formatDateTime(kyc.create_datetime)}</DetailRow>
          <DetailRow label="Submission">
            <StatusBadge status={kyc.status} />
          </DetailRow>
          {kyc.reason ? <DetailRow label="Reason">{kyc.reason}</DetailRow> : null}
          <SimpleGrid cols={2} mt="xs">
            <Image src={kyc.id_front_url} alt="ID front" radius="sm" />
            <Image src={kyc.id_back_url} alt="ID back" radius="sm" />
          </SimpleGrid>
        </Stack>
      )}
    </Card>
  );
}

function Flags({ client, canEdit }: { client: TClientDetail; canEdit: boolean }) {
  const setFlags = useSetClientFlags(client.id);
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Capabilities
      </Title>
      <Stack>
        {FLAGS.map((flag) => (
          <Switch
            key={flag.key}
            label={flag.label}
            checked={client[flag.key]}
            disabled={!canEdit || setFlags.isPending}
            onChange={(e) =>
              setFlags.mutate(
                { [flag.key]: e.currentTarget.checked },
                { onSuccess: ({ message }) => notifySuccess(message), onError: notifyError },
              )
            }
          />
        ))}
      </Stack>
    </Card>
  );
}

function ResetCodes({ client }: { client: TClientDetail }) {
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Reset codes
      </Title>
      {client.reset_codes.length === 0 ? (
        <Text c="dimmed" size="sm">
          None issued.
        </Text>
      ) : (
        <Table>
          <Table.Thead>
            <Table.Tr>
              {RESET_CODE_COLUMNS.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {client.reset_codes.map((r) => (
              <Table.Tr key={r.id}>
                <ResetCodeCells code={r} />
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Card>
  );
}

/** Admin: a client who lost the phone with their authenticator signs in with the password again. */
function ResetTotpButton({ client }: { client: TClientDetail }) {
  const reset = useResetClientTotp(client.id);
  const ask = () =>
    modals.openConfirmModal({
      title: 'Reset two-step verification',
      children: (
        <Text size="sm">
          {client.name ?? client.mobile} will sign in with the password alone until they set up an
          authenticator again. Do this only after confirming who is asking (a lost phone). The
          client is told by notice and e-mail, and the reset is audited.
        </Text>
      ),
      labels: { confirm: 'Reset', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        reset.mutate(undefined, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: notifyError,
        }),
    });
  return (
    <Button variant="light" color="red" onClick={ask} loading={reset.isPending}>
      Reset two-step verification
    </Button>
  );
}
