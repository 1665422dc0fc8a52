import { Stack, Table, Text, Title } from '@mantine/core';
import type { TPostingView } from '@sampada/shared';
import { SignedAmountCell } from '../../../components/signed-amount-cell';
import { ListTable } from '../../../components/list-table';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryState } from '../../../components/query-state';
import { accountLabel } from '../../../lib/account-label';
import { formatDateTime, humanise } from '../../../lib/format';
import { useLoanPostings } from '../api/loans';

/** The funds ledger's account names; a firm account they do not name still says so. */
const accountOf = (line: TPostingView['lines'][number]) => {
  const label = accountLabel(line.account);
  return line.client_id || label.endsWith('(firm)') ? label : `${label} (firm)`;
};

/** One posting, a row per line: when and what span its lines; each line signed, both sides shown. */
function PostingRows({ posting: p }: { posting: TPostingView }) {
  return (
    <>
      {p.lines.map((line, i) => (
        <Table.Tr key={`${p.id}-${i}`} data-testid={i === 0 ? 'loan-posting' : undefined}>
          {i === 0 ? (
            <>
              <Table.Td rowSpan={p.lines.length} valign="top" style={{ whiteSpace: 'nowrap' }}>
                {formatDateTime(p.created_at)}
              </Table.Td>
              <Table.Td rowSpan={p.lines.length} valign="top">
                <Text size="sm" fw={500}>
                  {humanise(p.kind)}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.memo}
                </Text>
              </Table.Td>
            </>
          ) : null}
          <Table.Td>
            <Text size="sm" c={line.client_id ? undefined : 'dimmed'}>
              {accountOf(line)}
            </Text>
          </Table.Td>
          <SignedAmountCell paise={line.amount_paise} />
        </Table.Tr>
      ))}
    </>
  );
}

/**
 * The loan's ledger postings (disbursal, daily interest, penal charges, repayments, waivers,
 * write-off), newest first with every line, a page at a time: what the figures above rest on.
 */
export function LoanPostings({ loanId }: { loanId: string }) {
  const query = useLoanPostings(loanId);
  const postings = query.data?.pages.flatMap((p) => p.items) ?? [];
  return (
    <Stack gap="xs" data-testid="loan-postings">
      <Title order={4}>Ledger postings</Title>
      <QueryState isPending={query.isPending} error={query.error}>
        <ListTable
          minWidth={760}
          columns={['When', 'Posting', 'Account', { label: 'Amount', right: true }]}
          empty={postings.length === 0 ? 'No postings yet.' : null}
          verticalSpacing="xs"
        >
          {postings.map((p) => (
            <PostingRows key={p.id} posting={p} />
          ))}
        </ListTable>
        <LoadMoreButton query={query} />
      </QueryState>
    </Stack>
  );
}
