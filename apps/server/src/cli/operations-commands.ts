/** Operator commands for the running firm: prices, the ledger check, statements, backups, the demo. */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Command } from 'commander';
import { createBackup } from '../db/backup.ts';
import { AppError } from '../platform/errors.ts';
import {
  DEMO_2FA_CLIENT,
  DEMO_CLIENT,
  DEMO_STAFF,
  DEMO_STAFF_PASSWORD,
  seedDemo,
} from '../modules/demo/seed.ts';
import type { CommandDatabase, CommandEnv } from './command-env.ts';

/** `prices import`. */
export function pricesCommands(program: Command, { ctx, io, actor }: CommandEnv) {
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
}

/** `ledger check`. */
export function ledgerCommands(program: Command, { ctx, io }: CommandEnv) {
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
}

/** `statements run`. */
export function statementsCommands(program: Command, { ctx, io }: CommandEnv) {
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
}

/** `backup create` and `backup restore`. */
export function backupCommands(
  program: Command,
  { ctx, io }: CommandEnv,
  database?: CommandDatabase,
) {
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
}

/** `demo seed`. */
export function demoCommands(program: Command, { ctx, io }: CommandEnv) {
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
}
