/**
 * The demo's second client, with two-factor sign-in on (issue 32): the README prints its
 * secret so anyone trying the demo can add it to an authenticator app. Not for production.
 */
import { md5 } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import type { Actor } from '../../platform/audit.ts';
import type { StaffRow } from '../staff/service.ts';

export const DEMO_2FA_CLIENT = {
  mobile: '9876543211',
  password: 'demo1234',
  /** base32, SHA-1, 6 digits, 30 s. */
  totpSecret: 'SAMPADA2FADEMOKY',
};

export async function seedTwoFactorClient(ctx: AppContext, advisor: StaffRow, actor: Actor) {
  const invite = await ctx.invites.createInvite(
    advisor,
    { maxUses: 1, note: 'demo client with 2FA' },
    actor,
  );
  await ctx.auth.register(
    {
      mobile: `+91${DEMO_2FA_CLIENT.mobile}`,
      passwordMd5: md5(DEMO_2FA_CLIENT.password),
      inviteCode: invite.code,
    },
    { ip: '127.0.0.1', userAgent: 'demo seed' },
  );
  const client = (await ctx.clients.findByMobile(`+91${DEMO_2FA_CLIENT.mobile}`))!;
  await ctx.auth.totp.enableForDemo(client.id, DEMO_2FA_CLIENT.totpSecret);
}
