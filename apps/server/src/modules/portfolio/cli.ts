/**
 * `sampada corporate-action add|import|list|apply`: what operations and the daily job run. The
 * daily job calls `apply --date <today>` at the start of a session; applying twice changes
 * nothing.
 */
import { readFile } from 'node:fs/promises';
import type { Command } from 'commander';
import { formatPaise, ZCorporateActionInput } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { PortfolioService } from './service.ts';

type Io = { out: (line: string) => void };
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function corporateActionCommands(
  program: Command,
  portfolio: () => PortfolioService,
  io: Io,
  actor: Actor,
) {
  const ca = program.command('corporate-action').description('splits, bonuses, dividends');
  ca.command('add')
    .description('enter one corporate action')
    .requiredOption('--symbol <symbol>')
    .requiredOption('--kind <kind>', 'split | consolidation | bonus | dividend | symbol_change')
    .requiredOption('--ex-date <day>', 'YYYY-MM-DD')
    .option('--record-date <day>')
    .option('--payment-date <day>')
    .option('--ratio <new:old>', 'split, consolidation, bonus: e.g. 5:1')
    .option('--per-share <rupees>', 'dividend per share, e.g. 20.50')
    .option('--new-symbol <symbol>')
    .option('--new-name <name>')
    .action(async (o: Record<string, string | undefined>) => {
      const [ratioNew, ratioOld] = (o.ratio ?? '').split(':').map(Number);
      const parsed = ZCorporateActionInput.safeParse({
        symbol: o.symbol,
        kind: o.kind,
        ex_date: o.exDate,
        record_date: o.recordDate,
        payment_date: o.paymentDate,
        ratio_new: o.ratio ? ratioNew : undefined,
        ratio_old: o.ratio ? ratioOld : undefined,
        per_share_paise: o.perShare ? Math.round(Number(o.perShare) * 100) : undefined,
        new_symbol: o.newSymbol,
        new_name: o.newName,
      });
      if (!parsed.success) throw new AppError(400, parsed.error.issues[0]!.message);
      const added = await portfolio().actions.add([parsed.data], 'cli', actor);
      io.out(added.length ? added[0]!.id : 'Already on record.');
    });
  ca.command('import')
    .description("import NSE's corporate actions CSV; unreadable rows are listed, the rest added")
    .argument('<file>')
    .action(async (file: string) => {
      const text = await readFile(file, 'utf8').catch(() => {
        throw new AppError(400, `Cannot read ${file}.`);
      });
      const { added, already, rejected } = await portfolio().actions.importFile(text, actor);
      io.out(`Added ${added.length}; ${already} already on record; ${rejected.length} rejected.`);
      for (const r of rejected) io.out(`line ${r.line} ${r.symbol}: ${r.reason}`);
    });
  ca.command('list')
    .description('every corporate action, newest ex-date first')
    .action(async () => {
      for (const a of await portfolio().actions.list())
        io.out(
          [
            a.exDate,
            a.symbol,
            a.kind,
            a.perSharePaise !== null ? formatPaise(a.perSharePaise) : `${a.ratioNew}:${a.ratioOld}`,
            a.status,
          ].join('  '),
        );
    });
  ca.command('apply')
    .description('apply every action due by the date (the daily job runs this)')
    .requiredOption('--date <day>', 'YYYY-MM-DD')
    .action(async (o: { date: string }) => {
      if (!DAY.test(o.date)) throw new AppError(400, 'Enter the date as YYYY-MM-DD.');
      const { applied, skipped } = await portfolio().actions.applyDue(o.date, actor);
      for (const a of applied) io.out(`applied ${a.symbol} ${a.kind}: ${a.clients} clients`);
      for (const s of skipped) io.out(`skipped ${s.symbol} ${s.kind}: ${s.reason}`);
    });
}
