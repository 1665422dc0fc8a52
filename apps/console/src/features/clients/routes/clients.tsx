import { Anchor, Button, Group, Select, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { KYC_STATUSES, SEARCH_DEBOUNCE_MS, type TKycStatus } from '@sampada/shared';
import { IconSearch } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router';
import { StatusBadge } from '../../../components/kyc-status-badge';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { formatDateTime, humanise } from '../../../lib/format';
import { useClients } from '../api/list-clients';
import { ListTable } from '../../../components/list-table';
import { LoadMoreButton } from '../../../components/load-more-button';

/** Searchable, filterable client list; the filters live in the URL so a view can be shared. */
export function ClientsPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [debounced] = useDebouncedValue(q, SEARCH_DEBOUNCE_MS);
  const kycStatus = (params.get('kyc_status') as TKycStatus | null) ?? undefined;
  const advisorId = params.get('advisor_id') ?? undefined;
  const clients = useClients({
    q: debounced || undefined,
    kyc_status: kycStatus,
    advisor_id: advisorId,
  });
  const rows = clients.data?.pages.flatMap((p) => p.items) ?? [];

  const setParam = (key: string, value: string | null) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );

  return (
    <>
      <PageHeader title="Clients" description="Search by mobile, name or UID" />
      <ClientFilters q={q} kycStatus={kycStatus} advisorId={advisorId} setParam={setParam} />
      <QueryState isPending={clients.isPending} error={clients.error}>
        <ListTable
          minWidth={760}
          columns={['UID', 'Name', 'Mobile', 'KYC', 'Advisor', 'Joined']}
          empty={rows.length === 0 ? 'No clients match.' : null}
          striped
          highlightOnHover
        >
          {rows.map((c) => (
            <Table.Tr key={c.id}>
              <Table.Td>
                <Anchor component={Link} to={paths.client(c.id)}>
                  {c.uid}
                </Anchor>
              </Table.Td>
              <Table.Td>{c.name ?? '—'}</Table.Td>
              <Table.Td>{c.mobile}</Table.Td>
              <Table.Td>
                <StatusBadge status={c.kyc_status} />
              </Table.Td>
              <Table.Td>
                {c.advisor ? (
                  <Anchor size="sm" onClick={() => setParam('advisor_id', c.advisor!.id)}>
                    {c.advisor.email}
                  </Anchor>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>{formatDateTime(c.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </ListTable>
        <LoadMoreButton query={clients} />
      </QueryState>
    </>
  );
}

/** Search, KYC status, and clearing the advisor filter a click on an advisor set. */
function ClientFilters({
  q,
  kycStatus,
  advisorId,
  setParam,
}: {
  q: string;
  kycStatus: TKycStatus | undefined;
  advisorId: string | undefined;
  setParam: (key: string, value: string | null) => void;
}) {
  return (
    <Group mb="md" wrap="wrap">
      <TextInput
        aria-label="Search clients"
        placeholder="Mobile, name or UID"
        leftSection={<IconSearch size={16} />}
        value={q}
        onChange={(e) => setParam('q', e.currentTarget.value)}
        w={280}
      />
      <Select
        aria-label="KYC status"
        placeholder="Any KYC status"
        clearable
        data={KYC_STATUSES.map((s) => ({ value: s, label: humanise(s) }))}
        value={kycStatus ?? null}
        onChange={(value) => setParam('kyc_status', value)}
        w={200}
      />
      {advisorId ? (
        <Button variant="subtle" onClick={() => setParam('advisor_id', null)}>
          Clear advisor filter
        </Button>
      ) : null}
    </Group>
  );
}
