/**
 * The `sampada` operator commands. Each prints its result on stdout (codes bare, one a line)
 * and fails with a message. The same program runs in the CLI process or, when a server owns
 * the embedded database, inside that server (see operator-socket.ts).
 */
import { Command, CommanderError } from 'commander';
import type { AppContext } from '../context.ts';
import { cliActor } from '../platform/audit.ts';
import { corporateActionCommands } from '../modules/portfolio/cli.ts';
import { settlementCommands } from '../modules/settlement/cli.ts';
import { apiAppCommands } from '../modules/connect/cli.ts';
import { kycCommands, resetCodeCommand } from './client-commands.ts';
import type { CommandDatabase, CommandEnv, Io } from './command-env.ts';
import { compensationCommands } from './compensation-commands.ts';
import { loanCommands } from './loan-commands.ts';
import {
  backupCommands,
  demoCommands,
  ledgerCommands,
  pricesCommands,
  statementsCommands,
} from './operations-commands.ts';
import { inviteCommands, staffByEmailOf, staffCommands } from './staff-commands.ts';

export type { CommandDatabase, Io } from './command-env.ts';

/** The commands, registered in the order `--help` lists them. */
export function buildProgram(ctx: AppContext, io: Io, database?: CommandDatabase): Command {
  const program = new Command('sampada')
    .description('Sampada operator commands')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.out(s.trimEnd()),
      writeErr: (s) => io.err(s.trimEnd()),
    });
  const actor = cliActor();
  const env: CommandEnv = { ctx, io, actor };
  apiAppCommands(program, ctx, io, actor);
  staffCommands(program, env);
  inviteCommands(program, env);
  resetCodeCommand(program, env);
  kycCommands(program, env);
  corporateActionCommands(program, () => ctx.portfolio, io, actor);
  pricesCommands(program, env);
  const loan = program.command('loan').description('loans (maker-checker holds here too)');
  const staffByEmail = staffByEmailOf(ctx);
  settlementCommands(program, () => ctx.settlement, staffByEmail, io, actor);
  loanCommands(loan, env, staffByEmail);
  compensationCommands(program, env, staffByEmail);
  ledgerCommands(program, env);
  statementsCommands(program, env);
  backupCommands(program, env, database);
  demoCommands(program, env);
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
