import { Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import {
  foreclosureChargeText,
  formatBps,
  formatPaise,
  type TConsoleLoanDetail,
  type TKeyFactStatement,
} from '@sampada/shared';
import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QueryState } from '../../../components/query-state';
import { formatDateTime } from '../../../lib/format';
import { notifyError } from '../../../lib/notify';
import { downloadLoanKeyFacts, downloadNoDues, useLoanKeyFacts } from '../api/papers';

/** The accepted statement's terms, as the client read them before applying. */
function KeyFactsSummary({ kfs }: { kfs: TKeyFactStatement }) {
  const rows: [string, ReactNode][] = [
    ['Accepted', kfs.accepted_at ? formatDateTime(kfs.accepted_at) : '—'],
    ['Amount', formatPaise(kfs.amount_paise)],
    ['Tenure', `${kfs.tenure_months} months, ${kfs.instalments} instalments`],
    [
      `Rate (${kfs.rate_type}) · APR`,
      `${formatBps(kfs.annual_rate_bps)} · ${formatBps(kfs.apr_bps)}`,
    ],
    ['Instalment', formatPaise(kfs.instalment_paise)],
    ...(kfs.floating ? [['Floating rate', kfs.floating.text] as [string, ReactNode]] : []),
    [
      'Processing fee + GST',
      `${formatPaise(kfs.processing_fee_paise)} + ${formatPaise(kfs.fee_gst_paise)}`,
    ],
    ['Net disbursed', formatPaise(kfs.net_disbursal_paise)],
    [
      'Total interest · total payable',
      `${formatPaise(kfs.total_interest_paise)} · ${formatPaise(kfs.total_repayable_paise)}`,
    ],
    ['Penal charges', kfs.penal.text],
    ['Cooling-off', `${kfs.cooling_off_days} days`],
    ['Foreclosure charge', foreclosureChargeText(kfs.foreclosure_charge_bps)],
    ['Recovery', kfs.recovery],
    ['Grievance officer', `${kfs.grievance.name}, ${kfs.grievance.email}, ${kfs.grievance.phone}`],
  ];
  return (
    <Table withTableBorder data-testid="loan-kfs">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={240}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

/**
 * A loan's papers, read-only: the key fact statement the client accepted (its terms here, the
 * PDF on request) and, once the loan is closed, the no-dues letter — the client's own papers.
 */
export function LoanPapers({ loan }: { loan: TConsoleLoanDetail }) {
  const hasKfs = Boolean(loan.kfs_id);
  const kfs = useLoanKeyFacts(loan.id, hasKfs);
  const download = useMutation({
    mutationFn: (paper: 'kfs' | 'no-dues') =>
      paper === 'kfs' ? downloadLoanKeyFacts(loan.id) : downloadNoDues(loan.id),
    onError: notifyError,
  });
  return (
    <Stack gap="xs" data-testid="loan-papers">
      <Group justify="space-between">
        <Title order={4}>Key fact statement and papers</Title>
        <Group gap="xs">
          {hasKfs ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              loading={download.isPending && download.variables === 'kfs'}
              onClick={() => download.mutate('kfs')}
              data-testid="loan-kfs-pdf"
            >
              Key fact statement (PDF)
            </Button>
          ) : null}
          {loan.status === 'closed' ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconDownload size={14} />}
              loading={download.isPending && download.variables === 'no-dues'}
              onClick={() => download.mutate('no-dues')}
              data-testid="loan-no-dues-pdf"
            >
              No-dues letter (PDF)
            </Button>
          ) : null}
        </Group>
      </Group>
      {hasKfs ? (
        <QueryState isPending={kfs.isPending} error={kfs.error}>
          {kfs.data ? <KeyFactsSummary kfs={kfs.data} /> : null}
        </QueryState>
      ) : (
        <Text size="sm" c="dimmed">
          Applied before key fact statements were kept: none on file.
        </Text>
      )}
    </Stack>
  );
}
