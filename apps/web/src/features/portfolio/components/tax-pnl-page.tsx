import {
  CAPITAL_GAINS_RULES,
  financialYearLabel,
  formatPaise,
  M,
  type TTaxPnl,
  formatCount,
} from '@sampada/shared';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import scroll from '../../../components/scroll-shadows.module.css';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { QueryState } from '../../../components/market/query-state';
import { isApiError } from '../../../lib/api-client';
import { toastError } from '../../../lib/notify';
import { downloadTaxPnl, taxPnlQueryOptions } from '../api/tax-pnl';
import { usePortfolioTranslation } from '../i18n';
import { Pnl, useMoney } from './money-parts';
import { formatDay } from '../../../lib/datetime';

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
      toastError(isApiError(error) ? error : M.requestFailed);
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
            <RealisedLots report={report} />
            <IntradayTrades report={report} />
            <UnrealisedLots report={report} />
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
      <EstimateNote estimate={estimate} />
    </Paper>
  );
}

/** `tax.estimateNote` names 23 July 2024: it fits a year wholly under the rule from that day. */
const NOTE_RULE = CAPITAL_GAINS_RULES.find((r) => r.from === '2024-07-23')!;

/** The rates the estimate used: one line, or one per part of a year the rates changed in. */
function EstimateNote({ estimate }: { estimate: TTaxPnl['estimate'] }) {
  const { t } = usePortfolioTranslation();
  const exemption = formatPaise(estimate.ltcg_exemption_paise);
  const [only] = estimate.periods;
  const underNoteRule =
    estimate.periods.length === 1 &&
    only!.from >= NOTE_RULE.from &&
    only!.stcg_rate_pct === NOTE_RULE.stcg_rate_pct &&
    only!.ltcg_rate_pct === NOTE_RULE.ltcg_rate_pct;
  if (underNoteRule)
    return (
      <Text size="xs" c="dimmed" mt="sm">
        {t('tax.estimateNote', {
          st: estimate.stcg_rate_pct,
          lt: estimate.ltcg_rate_pct,
          exemption,
        })}
      </Text>
    );
  return (
    <Stack gap={0} mt="sm" data-testid="tax-rate-periods">
      <Text size="xs" c="dimmed">
        {t('tax.estimateNoteByDate', { exemption })}
      </Text>
      {estimate.periods.map((p) => (
        <Text size="xs" c="dimmed" key={p.from} data-testid={`tax-rate-period-${p.from}`}>
          {t('tax.ratePeriod', {
            from: p.from,
            to: p.to,
            st: p.stcg_rate_pct,
            lt: p.ltcg_rate_pct,
            tax: formatPaise(p.short_term_tax_paise + p.long_term_tax_paise),
          })}
        </Text>
      ))}
    </Stack>
  );
}

type LotColumn<T> = { title: string; right?: boolean; cell: (lot: T) => ReactNode };

/**
 * A titled table of lots, or a line saying there are none: the realised lots and the open
 * ones differ only in their columns.
 */
function LotTable<T>({
  title,
  aside,
  empty,
  lots,
  lotKey,
  columns,
  minWidth,
  testId,
}: {
  title: string;
  aside?: ReactNode;
  empty: string;
  lots: T[];
  lotKey: (lot: T, index: number) => string;
  columns: LotColumn<T>[];
  minWidth: number;
  testId: string;
}) {
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={2} size="h5">
          {title}
        </Title>
        {aside}
      </Group>
      {lots.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={minWidth} type="native" className={scroll.shadows}>
          <Table verticalSpacing="xs" data-testid={testId}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((c, j) => (
                  <Table.Th key={j} ta={c.right ? 'right' : undefined}>
                    {c.title}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {lots.map((lot, i) => (
                <Table.Tr key={lotKey(lot, i)}>
                  {columns.map((c, j) => (
                    <Table.Td
                      key={j}
                      ta={c.right ? 'right' : undefined}
                      fw={j === 0 ? 600 : undefined}
                    >
                      {c.cell(lot)}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}

type Lot = { symbol: string; term: 'short' | 'long'; quantity: number; buy_date: string };

/** The columns every lot has: scrip, term, quantity, buy date. */
function useLotColumns() {
  const { t } = usePortfolioTranslation();
  return [
    { title: t('tax.scrip'), cell: (l: Lot) => l.symbol },
    { title: t('tax.term'), cell: (l: Lot) => t(`tax.${l.term}`) },
    { title: t('tax.quantity'), right: true, cell: (l: Lot) => formatCount(l.quantity) },
    { title: t('tax.bought'), cell: (l: Lot) => formatDay(l.buy_date) },
  ];
}

function RealisedLots({ report }: { report: TTaxPnl }) {
  const { t } = usePortfolioTranslation();
  const { money } = useMoney();
  const lotColumns = useLotColumns();
  type Realised = TTaxPnl['realised'][number];
  return (
    <LotTable<Realised>
      title={t('tax.realised')}
      empty={t('tax.noRealised')}
      lots={report.realised}
      lotKey={(r, i) => `${r.symbol}-${r.buy_date}-${r.sell_date}-${i}`}
      minWidth={760}
      testId="tax-realised"
      columns={[
        ...lotColumns,
        { title: t('tax.sold'), cell: (r) => formatDay(r.sell_date) },
        { title: t('tax.buyValue'), right: true, cell: (r) => money(r.cost_paise) },
        { title: t('tax.sellValue'), right: true, cell: (r) => money(r.proceeds_paise) },
        { title: t('tax.lotCharges'), right: true, cell: (r) => money(r.charges_paise) },
        {
          title: t('tax.gain'),
          right: true,
          cell: (r) => <Pnl paise={r.gain_paise} testId={`tax-gain-${r.symbol}`} />,
        },
      ]}
    />
  );
}

/** Same-day buys and sells: no delivery, so speculative business income, not a capital gain. */
function IntradayTrades({ report }: { report: TTaxPnl }) {
  const { t } = usePortfolioTranslation();
  const { money } = useMoney();
  type Intraday = NonNullable<TTaxPnl['intraday']>[number];
  return (
    <LotTable<Intraday>
      title={t('tax.intraday')}
      aside={
        report.summary.speculative_paise === undefined ? undefined : (
          <Pnl paise={report.summary.speculative_paise} testId="tax-speculative-total" />
        )
      }
      empty={t('tax.noIntraday')}
      lots={report.intraday ?? []}
      lotKey={(r, i) => `${r.symbol}-${r.day}-${i}`}
      minWidth={640}
      testId="tax-intraday"
      columns={[
        { title: t('tax.scrip'), cell: (r) => r.symbol },
        { title: t('tax.day'), cell: (r) => r.day },
        { title: t('tax.quantity'), right: true, cell: (r) => formatCount(r.quantity) },
        { title: t('tax.buyValue'), right: true, cell: (r) => money(r.buy_value_paise) },
        { title: t('tax.sellValue'), right: true, cell: (r) => money(r.sell_value_paise) },
        { title: t('tax.lotCharges'), right: true, cell: (r) => money(r.charges_paise) },
        {
          title: t('tax.result'),
          right: true,
          cell: (r) => <Pnl paise={r.result_paise} testId={`tax-intraday-${r.symbol}`} />,
        },
      ]}
    />
  );
}

function UnrealisedLots({ report }: { report: TTaxPnl }) {
  const { t } = usePortfolioTranslation();
  const { money } = useMoney();
  const lotColumns = useLotColumns();
  type Open = TTaxPnl['unrealised'][number];
  return (
    <LotTable<Open>
      title={t('tax.unrealised')}
      aside={<Pnl paise={report.unrealised_summary.gain_paise} testId="tax-unrealised-total" />}
      empty={t('tax.noUnrealised')}
      lots={report.unrealised}
      lotKey={(o, i) => `${o.symbol}-${o.buy_date}-${i}`}
      minWidth={640}
      testId="tax-unrealised"
      columns={[
        ...lotColumns,
        { title: t('tax.buyValue'), right: true, cell: (o) => money(o.cost_paise) },
        { title: t('tax.value'), right: true, cell: (o) => money(o.value_paise) },
        { title: t('tax.gain'), right: true, cell: (o) => <Pnl paise={o.gain_paise} /> },
      ]}
    />
  );
}
