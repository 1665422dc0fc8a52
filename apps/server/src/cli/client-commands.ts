/** Operator commands about one client, named by mobile: password-reset codes and KYC review. */
import type { Command } from 'commander';
import { canonicalMobile } from '@sampada/shared';
import type { AppContext } from '../context.ts';
import { AppError } from '../platform/errors.ts';
import type { CommandEnv } from './command-env.ts';

async function clientIdByMobile(ctx: AppContext, mobile: string): Promise<string> {
  const canonical = canonicalMobile(mobile);
  const client = canonical ? await ctx.clients.findByMobile(canonical) : undefined;
  if (!client) throw new AppError(404, `No client has the mobile ${mobile}.`);
  return client.id;
}

/** `reset-code`. */
export function resetCodeCommand(program: Command, { ctx, io, actor }: CommandEnv) {
  program
    .command('reset-code')
    .description("issue a 6-digit password-reset code for a client's mobile (valid 15 minutes)")
    .requiredOption('--mobile <mobile>')
    .action(async (o: { mobile: string }) => {
      const { code } = await ctx.auth.issueResetCode(o.mobile, actor);
      io.out(code);
    });
}

/** `kyc approve|reject|reopen`. */
export function kycCommands(program: Command, { ctx, io, actor }: CommandEnv) {
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
}
