/**
 * `sampada settlement run|approve|reject|list` (decision 045). Maker-checker holds here too:
 * `run --date D --as MAKER` prepares the date's batch and prints it — run again, it prints the
 * same batch and changes nothing —; without `--as` it prepares it as the leader's job does (no
 * officer: one officer's approval then pays it); `approve --date D --as CHECKER` (a different
 * officer) posts the payouts. `run … --approve-as CHECKER` does both in one command, still as two
 * officers. Re-running `approve` on a batch whose payouts stopped part-way finishes it.
 */
import type { Command } from 'commander';
import {
  formatPaise,
  SETTLEMENT_MSG as SM,
  type TSettlementBatch,
  ZSettlementDate,
} from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { AppError } from '../../platform/errors.ts';
import type { SettlementService } from './service.ts';

type Io = { out: (line: string) => void };
type StaffByEmail = (email: string) => Promise<{ id: string }>;

function dateOf(text: string) {
  const parsed = ZSettlementDate.safeParse({ date: text });
  if (!parsed.success) throw new AppError(400, parsed.error.issues[0]!.message);
  return parsed.data.date;
}

export function printBatch(io: Io, b: TSettlementBatch) {
  io.out(
    `${b.id}  ${b.date}  ${b.status}  ${b.clients} clients  payout ${formatPaise(b.payout_paise)}  paid ${formatPaise(b.paid_paise)}`,
  );
  for (const l of b.lines) {
    const kept = l.retained.reduce((sum, r) => sum + r.amount_paise, 0);
    io.out(
      [
        l.client_uid,
        l.cycle,
        `available ${formatPaise(l.cash_available_paise)}`,
        `on hold ${formatPaise(l.cash_on_hold_paise)}`,
        `kept ${formatPaise(kept)}`,
        `payout ${formatPaise(l.payout_paise)}`,
        l.status,
        ...(l.paid_paise !== null ? [`paid ${formatPaise(l.paid_paise)}`] : []),
      ].join('  '),
    );
  }
}

export function settlementCommands(
  program: Command,
  settlement: () => SettlementService,
  staffByEmail: StaffByEmail,
  io: Io,
  actor: Actor,
) {
  const cmd = program.command('settlement').description('running-account settlement');

  async function live(date: string) {
    const batch = await settlement().liveBatchOn(date);
    if (!batch) throw new AppError(404, SM.batchNotFound);
    return batch;
  }

  async function approve(date: string, email: string) {
    const batch = await live(date);
    const officer = await staffByEmail(email);
    if (batch.status === 'approved') return settlement().resume(batch.id, actor);
    return settlement().approve(batch.id, officer.id, actor);
  }

  cmd
    .command('run')
    .description("prepare the date's batch (the maker) and print it; a re-run prints it again")
    .requiredOption('--date <day>', 'YYYY-MM-DD, a settlement date')
    .option('--as <email>', 'the operations officer who prepares (else no officer, as the job)')
    .option('--approve-as <email>', 'a second officer who approves at once')
    .action(async (o: { date: string; as?: string; approveAs?: string }) => {
      const date = dateOf(o.date);
      const maker = o.as ? await staffByEmail(o.as) : null;
      let batch =
        (await settlement().liveBatchOn(date)) ??
        (maker
          ? await settlement().prepare(date, maker.id, actor)
          : await settlement().prepareUnattended(date, actor));
      if (o.approveAs) batch = await approve(date, o.approveAs);
      printBatch(io, batch);
    });

  cmd
    .command('approve')
    .description("approve the date's prepared batch as a second officer: the payouts post")
    .requiredOption('--date <day>')
    .requiredOption('--as <email>', 'an operations officer other than the preparer')
    .action(async (o: { date: string; as: string }) => {
      printBatch(io, await approve(dateOf(o.date), o.as));
    });

  cmd
    .command('reject')
    .description("reject the date's prepared batch; the date may then be prepared again")
    .requiredOption('--date <day>')
    .requiredOption('--as <email>')
    .requiredOption('--reason <reason>')
    .action(async (o: { date: string; as: string; reason: string }) => {
      const batch = await live(dateOf(o.date));
      const officer = await staffByEmail(o.as);
      printBatch(io, await settlement().reject(batch.id, officer.id, o.reason, actor));
    });

  cmd
    .command('list')
    .description('batches, newest date first')
    .action(async () => {
      for (const b of await settlement().list())
        io.out(
          `${b.id}  ${b.date}  ${b.status}  ${b.clients} clients  payout ${formatPaise(b.payout_paise)}  paid ${formatPaise(b.paid_paise)}`,
        );
    });
}
