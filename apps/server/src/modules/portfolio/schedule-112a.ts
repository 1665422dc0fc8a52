/**
 * The ITR's Schedule 112A from the tax P&L: one row per long-term lot of listed equity sold in
 * the year, by ISIN. Lots bought after 31 January 2018 have no grandfathered fair market value,
 * so the cost of acquisition is the cost itself; the expenditure on transfer is the lot's
 * charges without STT (section 48). Amounts in plain rupees.
 */
import { csvRupees, type TTaxPnl } from '@sampada/shared';
import { csvFile, csvNumber, csvRow } from '../../platform/csv.ts';

export const SCHEDULE_112A_HEADER = [
  'ISIN',
  'Name of the share',
  'No. of shares',
  'Sale price per share',
  'Full value of consideration',
  'Cost of acquisition without indexation',
  'Cost of acquisition',
  'If long term capital asset was acquired before 01.02.2018, fair market value on 31.01.2018',
  'Expenditure wholly and exclusively in connection with transfer',
  'Total deductions',
  'Balance',
] as const;

export function schedule112aCsv(report: TTaxPnl): string {
  const rows = report.realised.filter((r) => r.term === 'long');
  return csvFile([
    csvRow([...SCHEDULE_112A_HEADER]),
    ...rows.map((r) => {
      const expenditure = r.charges_paise - (r.stt_paise ?? 0);
      const deductions = r.cost_paise + expenditure;
      return [
        csvRow([r.isin ?? '', r.name]),
        String(r.quantity),
        csvNumber((r.proceeds_paise / r.quantity / 100).toFixed(2)),
        ...[r.proceeds_paise, r.cost_paise, r.cost_paise].map((a) => csvNumber(csvRupees(a))),
        '',
        ...[expenditure, deductions, r.proceeds_paise - deductions].map((a) =>
          csvNumber(csvRupees(a)),
        ),
      ].join(',');
    }),
  ]);
}
