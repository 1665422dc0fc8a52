/**
 * The `sampada` operator commands. Each prints its result on stdout (codes bare, one a line)
 * and fails with a message. The same program runs in the CLI process or, when a server owns
 * the embedded database, inside that server (see operator-socket.ts).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import {
  canonicalMobile,
  CLAIM_STATUSES,
  CPM,
  readRupees,
  type TClaimStatus,
  formatPaise,
  LM,
  LOAN_STATUSES,
  STAFF_ROLES,
  type TLoanStatus,
  type TStaffRole,
} from '@sampada/shared';
import type { AppContext } from '../context.ts';
import { createBackup } from '../db/backup.ts';
import type { Database } from '../db/client.ts';
import { cliActor } from '../platform/audit.ts';
import { AppError } from '../platform/errors.ts';
import { parseDuration } from '../modules/invites/service.ts';
import { corporateActionCommands } from '../modules/portfolio/cli.ts';
import { settlementCommands } from '../modules/settlement/cli.ts';
import { apiAppCommands } from '../modules/connect/cli.ts';
import {
  DEMO_2FA_CLIENT,
  DEMO_CLIENT,
  DEMO_STAFF,
  DEMO_STAFF_PASSWORD,
  seedDemo,
} from '../modules/demo/seed.ts';

export type Io = { out: (line: string) => void; err: (line: string) => void };

/** The database a command runs against, for the commands that need its address (backup). */
export type CommandDatabase = Pick<Database, 'url' | 'kind'>;

async function clientIdByMobile(ctx: AppContext, mobile: string): Promise<string> {
  const canonical = canonicalMobile(mobile);
  const client = canonical ? await ctx.clients.findByMobile(canonical) : undefined;
  if (!client) throw new AppError(404, `No client has the mobile ${mobile}.`);
  return client.id;
}

export function buildProgram(ctx: AppContext, io: Io, database?: CommandDatabase): Command {
  const program = new Command('sampada')
    .description('Sampada operator commands')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.out(s.trimEnd()),
      writeErr: (s) => io.err(s.trimEnd()),
    });
  const actor = cliActor();
  apiAppCommands(program, ctx, io, actor);

  const staff = program.command('staff').description('staff accounts');
  staff
    .command('create')
    .requiredOption('--email <email>')
    .addOption(
      new Option('--role <role>', 'comma-separated roles')
        .choices([...STAFF_ROLES])
        .makeOptionMandatory(),
    )
    .requiredOption('--password <password>')
    .option('--name <name>')
    .action(async (o: { email: string; role: TStaffRole; password: string; name?: string }) => {
      const row = await ctx.staff.createStaff(
        {
          email: o.email,
          roles: [o.role],
          password: o.password,
          ...(o.name ? { name: o.name } : {}),
        },
        actor,
      );
      io.out(row.id);
    });

  const invite = program.command('invite').description('invitation codes');
  invite
    .command('create')
    .requiredOption('--advisor <email>')
    .option('--uses <n>', 'how many sign-ups the code allows', '1')
    .option('--expires <duration>', 'e.g. 7d, 12h, 30m')
    .action(async (o: { advisor: string; uses: string; expires?: string }) => {
      const advisor = await ctx.staff.findByEmail(o.advisor);
      if (!advisor) throw new AppError(404, `No staff member has the email ${o.advisor}.`);
      const uses = Number(o.uses);
      const row = await ctx.invites.createInvite(
        advisor,
        { maxUses: uses, ...(o.expires ? { expiresInMs: parseDuration(o.expires) } : {}) },
        actor,
      );
      io.out(row.code);
    });
  invite
    .command('revoke')
    .argument('<code>')
    .action(async (code: string) => {
      const row = await ctx.invites.revokeInvite(code.toUpperCase(), actor);
      io.out(row.code);
    });

  program
    .command('reset-code')
    .description("issue a 6-digit password-reset code for a client's mobile (valid 15 minutes)")
    .requiredOption('--mobile <mobile>')
    .action(async (o: { mobile: string }) => {
      const { code } = await ctx.auth.issueResetCode(o.mobile, actor);
      io.out(code);
    });

  const kyc = program.command('kyc').description('KYC review');
  for (const action of ['approve', 'reject', 'reopen'] as const) {
    kyc
      .command(action)
      .requiredOption('--mobile <mobile>')
      .option('--reason <reason>')
      .action(async (o: { mobile: string; reason?: string }) => {
        const clientId = await clientIdByMobile(ctx, o.mobile);
        const result = await ctx.kyc.review(
          clientId,
          action,
          actor,
          o.reason ? { reason: o.reason } : {},
        );
        io.out(result.status);
      });
  }

  corporateActionCommands(program, () => ctx.portfolio, io, actor);

  program
    .command('prices')
    .description('market prices')
    .command('import')
    .description(
      'import end-of-day prices from an NSE bhavcopy CSV (classic or UDiFF); all or nothing',
    )
    .argument('<file>', 'path to the CSV')
    .action(async (file: string) => {
      await ctx.market.init();
      const text = await readFile(file, 'utf8').catch(() => {
        throw new AppError(400, `Cannot read ${file}.`);
      });
      const result = await ctx.market.importPrices(path.basename(file), text, actor);
      io.out(
        `Imported ${result.imported} rows for ${result.tradeDates.join(', ')}; skipped ${result.skippedUnknown} rows of symbols Sampada does not list.`,
      );
    });

  const loan = program.command('loan').description('loans (maker-checker holds here too)');
  const staffByEmail = async (email: string) => {
    const row = await ctx.staff.findByEmail(email);
    if (!row) throw new AppError(404, `No staff member has the email ${email}.`);
    return row;
  };
  settlementCommands(program, () => ctx.settlement, staffByEmail, io, actor);
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

  program
    .command('ledger')
    .description('the money ledger')
    .command('check')
    .description(
      'reconcile: all lines sum to zero, each posting balances, cached balances match their lines, nothing guarded is negative',
    )
    .action(async () => {
      const result = await ctx.ledger.check();
      const { accounts, postings, lines } = result.counts;
      const counts = `${accounts} accounts, ${postings} postings, ${lines} lines`;
      if (result.ok) {
        io.out(`OK: ${counts}`);
        return;
      }
      result.discrepancies.forEach((d) => io.out(`${d.check}: ${d.message}`));
      throw new Error(
        `Ledger check failed: ${result.discrepancies.length} discrepancies (${counts}).`,
      );
    });

  program
    .command('statements')
    .description('statements by e-mail (issue 36)')
    .command('run')
    .description(
      "mail a period's statements of funds and securities to every client with activity (idempotent)",
    )
    .requiredOption('--period <period>', 'YYYY-MM for a month, YYYY-Qn for a quarter')
    .action(async (options: { period: string }) => {
      const r = await ctx.statements.mailPeriod(options.period);
      io.out(
        `${r.period}: ${r.clients} clients with activity; ${r.queued} queued, ${r.skipped} skipped (no verified e-mail), ${r.already} already done`,
      );
    });

  const backup = program
    .command('backup')
    .description('a consistent copy of the database, the uploaded files and the keys');
  backup
    .command('create')
    .description('write a backup to FILE (a .tar.gz; keep it as safe as the database)')
    .argument('<file>')
    .action(async (file: string) => {
      if (!database) throw new AppError(400, 'No database is open here to back up.');
      const summary = await createBackup(
        {
          kind: database.kind,
          url: database.url,
          dataDir: ctx.config.dataDir,
          binDirs: ctx.config.pgBinDir ? [ctx.config.pgBinDir] : [],
          files: ctx.files,
        },
        file,
      );
      io.out(
        `Backed up ${summary.kind === 'embedded' ? 'the embedded PostgreSQL' : 'the database'} ` +
          `(PostgreSQL ${summary.serverVersion}) and ${summary.files} uploaded files to ${file}`,
      );
    });
  backup
    .command('restore')
    .description('restore FILE into an empty DATA_DIR (and an empty DATABASE_URL database)')
    .argument('<file>')
    .action(() => {
      // Run by cli/main.ts before any database is opened; reaching here means a server runs.
      throw new AppError(
        409,
        'A backup is restored with no server running, into an empty DATA_DIR: stop the server first.',
      );
    });

  program
    .command('demo')
    .description('demo data')
    .command('seed')
    .action(async () => {
      const summary = await seedDemo(ctx);
      if (!summary.seeded) {
        io.out('The demo is already seeded.');
        return;
      }
      io.out(
        `Staff (password ${DEMO_STAFF_PASSWORD}): ${DEMO_STAFF.map((s) => s.email).join(', ')}`,
      );
      io.out(`Client: ${DEMO_CLIENT.mobile} / ${DEMO_CLIENT.password}, PIN ${DEMO_CLIENT.pin}`);
      io.out(
        `Client with 2FA: ${DEMO_2FA_CLIENT.mobile} / ${DEMO_2FA_CLIENT.password}, TOTP secret ${DEMO_2FA_CLIENT.totpSecret}`,
      );
      io.out(`Invitation code: ${summary.inviteCode}`);
    });

  return program;
}

/** Runs one command line; returns the exit code. Errors become one line on stderr. */
export async function runCommand(
  ctx: AppContext,
  argv: string[],
  io: Io,
  database?: CommandDatabase,
): Promise<number> {
  try {
    await buildProgram(ctx, io, database).parseAsync(argv, { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    io.err(error instanceof Error ? error.message : String(error));
    return 1;
  }
}
