/** Password-reset codes: an advisor issues one for their own client's mobile; shown once. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIssuedResetCode, ZResetCodeIssueRequest, ZResetCodeView } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { noStore } from '../../platform/http.ts';
import { staffActor, viewerOf } from '../../platform/staff-guard.ts';
import { RESET_CODE_MAX_ATTEMPTS } from './reset-codes.ts';

const tags = ['console: reset codes'];
const security = [{ bearer: [] }];

export function resetCodesConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/reset-codes',
      {
        config: { access: 'resetCodes' },
        schema: { tags, security, response: { 200: envelopeOf(z.array(ZResetCodeView)) } },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await ctx.auth.listResetCodes({ viewer: viewerOf(request), limit: 50 }));
      },
    );

    app.post(
      '/reset-codes',
      {
        config: { access: 'resetCodes' },
        schema: {
          tags,
          security,
          body: ZResetCodeIssueRequest,
          response: { 200: envelopeOf(ZIssuedResetCode) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const issued = await ctx.auth.issueResetCode(
          request.body.mobile,
          staffActor(request),
          viewerOf(request),
        );
        return ok(
          {
            code: issued.code,
            expires_at: issued.expiresAt.toISOString(),
            max_attempts: RESET_CODE_MAX_ATTEMPTS,
            client_id: issued.clientId,
          },
          'Read the code to the client. It is shown only once.',
        );
      },
    );
  };
}
