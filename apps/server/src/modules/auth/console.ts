/**
 * Password-reset codes: an advisor issues one for their own client's mobile; shown once.
 * An admin resets a client's second factor (a lost phone): audited.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZIssuedResetCode, ZResetCodeIssueRequest, ZResetCodeView } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { routeKit } from '../../platform/route-kit.ts';
import { staffActor, viewerOf } from '../../platform/staff-guard.ts';
import { RESET_CODE_MAX_ATTEMPTS } from './reset-codes.ts';

/** The client hears of a reset they may not have asked for (a social-engineered support desk). */
const TOTP_RESET_MAIL = {
  subject: 'Your two-step verification was reset',
  body: [
    'Our staff turned off two-step verification on your account, as asked for a lost phone.',
    'You now sign in with your password alone. Set it up again under Me › Security.',
    '',
    'If you did not ask for this, call us at once and change your password.',
  ].join('\n'),
};

export function resetCodesConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: reset codes'] });

    kit.query(
      'GET',
      '/reset-codes',
      { access: 'resetCodes', response: z.array(ZResetCodeView) },
      async (request) => ctx.auth.listResetCodes({ viewer: viewerOf(request), limit: 50 }),
    );

    kit.query(
      'POST',
      '/reset-codes',
      {
        access: 'resetCodes',
        body: ZResetCodeIssueRequest,
        response: ZIssuedResetCode,
        message: 'Read the code to the client. It is shown only once.',
      },
      async (request) => {
        const issued = await ctx.auth.issueResetCode(
          request.body.mobile,
          staffActor(request),
          viewerOf(request),
        );
        return {
          code: issued.code,
          expires_at: issued.expiresAt.toISOString(),
          max_attempts: RESET_CODE_MAX_ATTEMPTS,
          client_id: issued.clientId,
        };
      },
    );

    kit.query(
      'POST',
      '/clients/:id/totp/reset',
      {
        access: 'settings',
        params: z.object({ id: z.uuid({ error: 'No such client.' }) }),
        response: z.null(),
        message: "The client's two-factor authentication is off; they can set it up again.",
        description: "Admin: clears a client's TOTP and recovery codes (audited).",
      },
      async (request) => {
        const clientId = request.params.id;
        await ctx.auth.totp.reset(clientId, staffActor(request), async (tx) => {
          const to = await ctx.email.verifiedAddressOf(clientId, tx);
          if (to)
            await ctx.mail.enqueue(tx, { purpose: 'totp.reset', clientId, to, ...TOTP_RESET_MAIL });
        });
        return null;
      },
    );
  };
}
