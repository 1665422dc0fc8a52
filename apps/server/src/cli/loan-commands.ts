/** Operator commands for loans: the queue, the maker-checker decisions, interest accrual. */
import type { Command } from 'commander';
import { Option } from 'commander';
import { formatPaise, LM, LOAN_STATUSES, type TLoanStatus } from '@sampada/shared';
import { AppError } from '../platform/errors.ts';
import type { CommandEnv } from './command-env.ts';
import type { StaffByEmail } from './staff-commands.ts';

/** `loan list|approve|reject|disburse|accrue`, under the `loan` command. */
export function loanCommands(
  loan: Command,
  { ctx, io, actor }: CommandEnv,
  staffByEmail: StaffByEmail,
) {
  loan
    .command('list')
    .description('loans, oldest application first (default: applied)')
    .addOption(
      new Option('--status <status>').choices([...LOAN_STATUSES, 'all']).default('applied'),
    )
    .action(async (o: { status: TLoanStatus | 'all' }) => {
      const rows = await ctx.credit.loans.queue(null, {
        status: o.status === 'all' ? undefined : o.status,
        limit: 100,
      });
      for (const { view } of rows.slice(0, 100))
        io.out(
          [
            view.id,
            view.status,
            view.client.uid,
            view.product.name,
            formatPaise(view.amount_paise),
            `${view.approvals}/${view.approvals_required} approvals`,
          ].join('  '),
        );
    });
  for (const action of ['approve', 'reject', 'disburse'] as const) {
    loan
      .command(action)
      .requiredOption('--id <id>', 'the loan id')
      .requiredOption('--as <email>', 'the operations officer who decides')
      .option('--reason <reason>', action === 'reject' ? 'required' : 'a note for the record')
      .action(async (o: { id: string; as: string; reason?: string }) => {
        if (!/^[0-9a-f-]{36}$/i.test(o.id)) throw new AppError(404, LM.loanNotFound);
        const officer = await staffByEmail(o.as);
        const options = { staffId: officer.id, actor, reason: o.reason ?? null };
        if (action === 'approve') {
          const row = await ctx.credit.loans.approve(o.id, options);
          io.out(
            row.status === 'applied'
              ? `${row.status} (first approval recorded; a second officer must approve)`
              : row.status,
          );
        } else if (action === 'reject')
          io.out((await ctx.credit.loans.reject(o.id, options)).status);
        else io.out((await ctx.credit.loans.disburse(o.id, options)).status);
      });
  }
  loan
    .command('accrue')
    .description('post daily interest on every active loan up to a day that has ended')
    .requiredOption('--date <day>', 'YYYY-MM-DD, in India')
    .action(async (o: { date: string }) => {
      const run = await ctx.credit.servicing.runAccrual(o.date);
      io.out(
        `Accrued through ${run.through}: ${run.loans} loans, ${run.days} loan-days, ${run.postings} postings, ${formatPaise(run.interest_paise)} interest.`,
      );
    });
}
