/** Operator commands for compensation claims: the queue and the maker-checker decisions. */
import type { Command } from 'commander';
import { Option } from 'commander';
import { CLAIM_STATUSES, CPM, formatPaise, readRupees, type TClaimStatus } from '@sampada/shared';
import { AppError } from '../platform/errors.ts';
import type { CommandEnv } from './command-env.ts';
import type { StaffByEmail } from './staff-commands.ts';

/** `compensation list|approve|reject|pay`. */
export function compensationCommands(
  program: Command,
  { ctx, io, actor }: CommandEnv,
  staffByEmail: StaffByEmail,
) {
  const compensation = program
    .command('compensation')
    .description('compensation claims (maker-checker holds here too)');
  compensation
    .command('list')
    .description('open claims, the one due first first (overdue lead)')
    .addOption(
      new Option('--status <status>').choices([...CLAIM_STATUSES, 'open', 'all']).default('open'),
    )
    .action(async (o: { status: TClaimStatus | 'open' | 'all' }) => {
      const rows = await ctx.compensation.claims.queue(null, { status: o.status, limit: 100 });
      for (const { view } of rows.slice(0, 100))
        io.out(
          [
            view.id,
            view.reference,
            view.status,
            view.client.uid,
            formatPaise(view.amount_claimed_paise),
            `due ${view.decision_due}${view.overdue ? ' (overdue)' : ''}`,
            `${view.approvals}/${view.approvals_required} approvals`,
          ].join('  '),
        );
    });
  for (const action of ['approve', 'reject', 'pay'] as const) {
    compensation
      .command(action)
      .requiredOption('--id <id>', 'the claim id')
      .requiredOption('--as <email>', 'the operations officer who decides')
      .option('--amount <rupees>', 'approve: less than claimed approves it partly')
      .option('--reason <reason>', action === 'pay' ? 'unused' : 'required')
      .action(async (o: { id: string; as: string; amount?: string; reason?: string }) => {
        if (!/^[0-9a-f-]{36}$/i.test(o.id)) throw new AppError(404, CPM.claimNotFound);
        const officer = await staffByEmail(o.as);
        const options = { staffId: officer.id, actor };
        const { claims } = ctx.compensation;
        if (action === 'pay') return io.out((await claims.pay(o.id, options)).status);
        const reason = o.reason?.trim() || (action === 'approve' ? 'Approved.' : '');
        if (action === 'reject') return io.out((await claims.reject(o.id, reason, options)).status);
        let amount: bigint | undefined;
        if (o.amount !== undefined) {
          const read = readRupees(o.amount);
          if (!read.ok) throw new AppError(400, CPM.partAmountRequired);
          amount = read.paise;
        }
        const row = await claims.approve(o.id, { amount, reason }, options);
        io.out(
          row.approvals < row.approvals_required
            ? `${row.status} (first approval recorded; a second officer must approve)`
            : row.status,
        );
      });
  }
}
