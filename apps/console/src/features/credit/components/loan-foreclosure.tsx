import { Stack, Table, Text, Title } from '@mantine/core';
import { FEE_GST_BPS, formatBps, formatPaise, type TConsoleLoanDetail } from '@sampada/shared';
import type { ReactNode } from 'react';
import { QueryState } from '../../../components/query-state';
import { useLoanForeclosure } from '../api/papers';

/**
 * The foreclosure statement of an open loan: what closes it today, line by line, read from
 * the server — the figures the client's app shows, so an officer quotes the same amount.
 * Its days are IST days (the statement holds to the end of one), and say so.
 */
export function LoanForeclosure({ loan }: { loan: TConsoleLoanDetail }) {
  const open = loan.status === 'disbursed';
  const query = useLoanForeclosure(loan.id, open);
  if (!open) return null;
  const s = query.data;
  const rows: [string, ReactNode][] = s
    ? [
        ['Principal outstanding', formatPaise(s.principal_paise)],
        ['Interest accrued to yesterday', formatPaise(s.interest_paise)],
        ['Penal charges', formatPaise(s.penal_paise)],
        ...(s.waived_paise > 0
          ? [['Waived (cooling-off exit)', `− ${formatPaise(s.waived_paise)}`] as [string, string]]
          : []),
        ['Foreclosure charge', formatPaise(s.foreclosure_charge_paise)],
        // GST is asked on top of a charge, so a nil charge shows no GST line.
        ...(s.foreclosure_charge_paise > 0
          ? [
              [
                `GST on the foreclosure charge (${formatBps(FEE_GST_BPS)})`,
                formatPaise(s.foreclosure_charge_gst_paise),
              ] as [string, string],
            ]
          : []),
        [
          'Amount to close today',
          <Text span fw={700} data-testid="foreclosure-total">
            {formatPaise(s.total_paise)}
          </Text>,
        ],
      ]
    : [];
  return (
    <Stack gap="xs" data-testid="loan-foreclosure">
      <Title order={4}>Foreclosure statement</Title>
      <QueryState isPending={query.isPending} error={query.error}>
        {s ? (
          <>
            <Text size="sm" c="dimmed">
              As of {s.as_of} (IST), valid to the end of {s.valid_until} IST; each further day adds{' '}
              {formatPaise(s.per_day_interest_paise)} of interest.
              {s.cooling_off && s.cooling_off_until
                ? ` In the cooling-off period until ${s.cooling_off_until} IST: principal and interest only.`
                : ''}
            </Text>
            <Table withTableBorder data-testid="foreclosure-lines">
              <Table.Tbody>
                {rows.map(([label, value]) => (
                  <Table.Tr key={label}>
                    <Table.Th w={280}>{label}</Table.Th>
                    <Table.Td ta="right">{value}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        ) : null}
      </QueryState>
    </Stack>
  );
}
