import { financialYearLabel, formatPaise, M, type TTaxPnl } from '@sampada/shared';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryState } from '../../../components/market/query-state';
import { isApiError } from '../../../lib/api-client';
import { toastError } from '../../../lib/notify';
import { downloadTaxPnl, taxPnlQueryOptions } from '../api/tax-pnl';
import { usePortfolioTranslation } from '../i18n';
import { Pnl, useMoney } from './money-parts';

/**
 * /portfolio/tax: the tax P&L of a financial year (April–March) from the client's own fills,
 * FIFO lots: realised short- and long-term gains per lot with buy and sell dates, charges
 * allocated to the lots, the tax estimate, and the open lots' unrealised P&L beside it.
 */
export function TaxPnlPage() {
  const { t } = usePortfolioTranslation();
  const [year, setYear] = useState<number | null>(null);
  const query = useQuery({ ...taxPnlQueryOptions(year), placeholderData: keepPreviousData });
  const report = query.data;
  const download = async (format: 'csv' | 'pdf') => {
    if (!report) return;
    try {
      await downloadTaxPnl(report.year, format);
    } catch (error) {
      toastError(isApiError(error) ? error.message : M.requestFailed);
    }
  };
  return (
    <Stack gap="md" data-testid="portfolio-tax">
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        rows={4}
      >
        {report ? (
          <>
            <Group justify="space-between" align="flex-end" wrap="wrap">
              <Select
                label={t('tax.year')}
                value={String(report.year)}
                onChange={(value) => value && setYear(Number(value))}
                data={report.years.map((y) => ({
                  value: String(y),
                  label: `FY ${financialYearLabel(y)}`,
                }))}
                allowDeselect={false}
                w={180}
                data-testid="tax-year"
              />
              <Group gap="xs">
                <Button
                  variant="light"
                  leftSection={<IconDownload size={16} />}
                  onClick={() => void download('csv')}
                  data-testid="tax-download-csv"
                >
                  {t('tax.csv')}
                </Button>
                <Button
                  variant="light"
                  leftSection={<IconDownload size={16} />}
                  onClick={() => void download('pdf')}
                  data-testid="tax-download-pdf"
                >
                  {t('tax.pdf')}
                </Button>
              </Group>
            </Group>
            <TaxSummary report={report} />
            <RealisedTable report={report} />
            <UnrealisedTable report={report} />
          </>
        ) : null}
      </QueryState>
    </Stack>
  );
}

function TaxSummary({ report }: { report: TTaxPnl }) {
  const { t } = usePortfolioTranslation();
  const { money } = useMoney();
  const { summary, estimate } = report;
  return (
    <Paper withBorder radius="md" p="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('tax.shortTerm')}
          </Text>
          <Pnl paise={summary.short_term_gain_paise} testId="tax-short-term" />
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('tax.longTerm')}
          </Text>
          <Pnl paise={summary.long_term_gain_paise} testId="tax-long-term" />
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('tax.charges', { dp: money(summary.dp_paise) })}
          </Text>
          <Text fw={600} data-testid="tax-charges">
            {money(summary.charges_paise)}
          </Text>
        </Stack>
        <Stack gap={0}>
          <Text size="xs" c="dimmed">
            {t('tax.estimate')}
          </Text>
          <Text fw={700} data-testid="tax-estimate">
            {money(estimate.total_tax_paise)}
          </Text>
        </Stack>
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="sm">
        {t('tax.estimateNote', {
          st: estimate.stcg_rate_pct,
          lt: estimate.ltcg_rate_pct,
          exemption: formatPaise(estimate.ltcg_exemption_paise),
        })}
      </Text>
    </Paper>
  );
}

function RealisedTable({ report }: { report: TTaxPnl }) {
  const { t } = usePortfolioTranslation();
  const { money } = useMoney();
  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {t('tax.realised')}
      </Title>
      {report.realised.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('tax.noRealised')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="xs" data-testid="tax-realised">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('tax.scrip')}</Table.Th>
                <Table.Th>{t('tax.term')}</Table.Th>
                <Table.Th ta="right">{t('tax.quantity')}</Table.Th>
                <Table.Th>{t('tax.bought')}</Table.Th>
                <Table.Th>{t('tax.sold')}</Table.Th>
                <Table.Th ta="right">{t('tax.buyValue')}</Table.Th>
                <Table.Th ta="right">{t('tax.sellValue')}</Table.Th>
                <Table.Th ta="right">{t('tax.lotCharges')}</Table.Th>
                <Table.Th ta="right">{t('tax.gain')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.realised.map((r, i) => (
                <Table.Tr key={`${r.symbol}-${r.buy_date}-${r.sell_date}-${i}`}>
                  <Table.Td fw={600}>{r.symbol}</Table.Td>
                  <Table.Td>{t(`tax.${r.term}`)}</Table.Td>
                  <Table.Td ta="right">{r.quantity.toLocaleString('en-IN')}</Table.Td>
                  <Table.Td>{r.buy_date}</Table.Td>
                  <Table.Td>{r.sell_date}</Table.Td>
                  <Table.Td ta="right">{money(r.cost_paise)}</Table.Td>
                  <Table.Td ta="right">{money(r.proceeds_paise)}</Table.Td>
                  <Table.Td ta="right">{money(r.charges_paise)}</Table.Td>
                  <Table.Td ta="right">
                    <Pnl paise={r.gain_paise} testId={`tax-gain-${r.symbol}`} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

function UnrealisedTable({ report }: { report: TTaxPnl }) {
  const { t } = usePortfolioTranslation();
  const { money } = useMoney();
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h5">
          {t('tax.unrealised')}
        </Title>
        <Pnl paise={report.unrealised_summary.gain_paise} testId="tax-unrealised-total" />
      </Group>
      {report.unrealised.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('tax.noUnrealised')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" data-testid="tax-unrealised">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('tax.scrip')}</Table.Th>
                <Table.Th>{t('tax.term')}</Table.Th>
                <Table.Th ta="right">{t('tax.quantity')}</Table.Th>
                <Table.Th>{t('tax.bought')}</Table.Th>
                <Table.Th ta="right">{t('tax.buyValue')}</Table.Th>
                <Table.Th ta="right">{t('tax.value')}</Table.Th>
                <Table.Th ta="right">{t('tax.gain')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.unrealised.map((o, i) => (
                <Table.Tr key={`${o.symbol}-${o.buy_date}-${i}`}>
                  <Table.Td fw={600}>{o.symbol}</Table.Td>
                  <Table.Td>{t(`tax.${o.term}`)}</Table.Td>
                  <Table.Td ta="right">{o.quantity.toLocaleString('en-IN')}</Table.Td>
                  <Table.Td>{o.buy_date}</Table.Td>
                  <Table.Td ta="right">{money(o.cost_paise)}</Table.Td>
                  <Table.Td ta="right">{money(o.value_paise)}</Table.Td>
                  <Table.Td ta="right">
                    <Pnl paise={o.gain_paise} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
