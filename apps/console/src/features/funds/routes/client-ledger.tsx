import { Anchor, Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { formatPaise, RECORD_TYPE_LABELS, type TRecordType } from '@sampada/shared';
import { Link, useParams } from 'react-router';
import { LoadMoreButton } from '../../../components/load-more-button';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { useClientLedger } from '../api/funds';
import { accountLabel } from '../../../lib/account-label';
import { SignedAmountCell } from '../../../components/signed-amount-cell';
import { ListTable } from '../../../components/list-table';

const kindLabel = (kind: string) => RECORD_TYPE_LABELS[kind as TRecordType] ?? kind;

/** A client's balances and every posting that touched them, newest first, both sides shown. */
export function ClientLedgerPage() {
  const { id = '' } = useParams();
  const ledger = useClientLedger(id);
  const first = ledger.data?.pages[0];
  const postings = ledger.data?.pages.flatMap((p) => p.postings.items) ?? [];
  return (
    <QueryState isPending={ledger.isPending} error={ledger.error}>
      {first ? (
        <>
          <PageHeader
            title={`Ledger: ${first.client.name ?? first.client.mobile}`}
            description={`UID ${first.client.uid} · ${first.client.mobile}`}
            actions={
              <Anchor component={Link} to={paths.client(id)}>
                Client profile
              </Anchor>
            }
          />
          <SimpleGrid cols={{ base: 1, sm: 3 }} mb="lg">
            <Balance
              label="Cash available"
              paise={first.balances.cash_available_paise}
              testId="balance-available"
            />
            <Balance
              label="Cash on hold"
              paise={first.balances.cash_on_hold_paise}
              testId="balance-on-hold"
            />
            <Balance
              label="Loan principal"
              paise={first.balances.loan_principal_paise}
              testId="balance-loan"
            />
          </SimpleGrid>
          <ListTable
            minWidth={800}
            columns={[
              'Date',
              'Posting',
              'Account',
              { label: 'Amount', right: true },
              { label: 'Balance after', right: true },
            ]}
            empty={postings.length === 0 ? 'No postings yet.' : null}
            verticalSpacing="sm"
          >
            {postings.map((p) => (
              <PostingRows key={p.id} posting={p} />
            ))}
          </ListTable>
          <LoadMoreButton query={ledger} />
        </>
      ) : null}
    </QueryState>
  );
}

function Balance({ label, paise, testId }: { label: string; paise: number; testId: string }) {
  return (
    <Card withBorder>
      <Stack gap={2}>
        <Text size="sm" c="dimmed">
          {label}
        </Text>
        <Title order={3} data-testid={testId}>
          {formatPaise(paise)}
        </Title>
      </Stack>
    </Card>
  );
}

type TPosting = NonNullable<
  ReturnType<typeof useClientLedger>['data']
>['pages'][number]['postings']['items'][number];

/** One posting, a row per line: the date and what it was span its lines. */
function PostingRows({ posting: p }: { posting: TPosting }) {
  return (
    <>
      {p.lines.map((line, i) => (
        <Table.Tr
          key={`${p.id}-${i}`}
          data-testid={i === 0 ? 'posting-row' : undefined}
          style={
            i === p.lines.length - 1
              ? undefined
              : { borderBottom: '1px dashed var(--mantine-color-gray-2)' }
          }
        >
          {i === 0 ? (
            <>
              <Table.Td rowSpan={p.lines.length} valign="top">
                {formatDateTime(p.created_at)}
              </Table.Td>
              <Table.Td rowSpan={p.lines.length} valign="top">
                <Text size="sm" fw={500}>
                  {kindLabel(p.kind)}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.memo}
                </Text>
                {p.reference ? (
                  <Text size="xs" c="dimmed" ff="monospace">
                    {p.reference}
                  </Text>
                ) : null}
              </Table.Td>
            </>
          ) : null}
          <Table.Td>
            <Text size="sm" c={line.client_id ? undefined : 'dimmed'}>
              {accountLabel(line.account)}
            </Text>
          </Table.Td>
          <SignedAmountCell paise={line.amount_paise} />
          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
            {line.balance_after_paise === null ? '—' : formatPaise(line.balance_after_paise)}
          </Table.Td>
        </Table.Tr>
      ))}
    </>
  );
}
