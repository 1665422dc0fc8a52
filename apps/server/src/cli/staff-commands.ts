/** Operator commands for staff accounts and invitation codes. */
import type { Command } from 'commander';
import { Option } from 'commander';
import { STAFF_ROLES, type TStaffRole } from '@sampada/shared';
import { AppError } from '../platform/errors.ts';
import { parseDuration } from '../modules/invites/service.ts';
import type { CommandEnv } from './command-env.ts';

/** `staff create`. */
export function staffCommands(program: Command, { ctx, io, actor }: CommandEnv) {
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
}

/** `invite create` and `invite revoke`. */
export function inviteCommands(program: Command, { ctx, io, actor }: CommandEnv) {
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
}

export type StaffByEmail = ReturnType<typeof staffByEmailOf>;

/** The staff member with this e-mail, or a 404 naming it. */
export const staffByEmailOf = (ctx: CommandEnv['ctx']) => async (email: string) => {
  const row = await ctx.staff.findByEmail(email);
  if (!row) throw new AppError(404, `No staff member has the email ${email}.`);
  return row;
};
