/** Password-reset codes: an advisor issues one for their own client's mobile; shown once. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZIssuedResetCode, ZResetCodeIssueRequest, ZResetCodeView } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { notFound } from '../../platform/errors.ts';
import { noStore } from '../../platform/http.ts';
import { assertOwnClient, clientScope, staffActor, staffOf } from '../../platform/staff-guard.ts';
import { RESET_CODE_MAX_ATTEMPTS } from './reset-codes.ts';

const tags = ['console: reset codes'];
const security = [{ bearer: [] }];
const roles = ['advisor'] as const;

export function resetCodesConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/reset-codes',
      {
        config: { roles },
        schema: { tags, security, response: { 200: envelopeOf(z.array(ZResetCodeView)) } },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(
          await ctx.auth.listResetCodes({ advisorId: clientScope(staffOf(request)), limit: 50 }),
        );
      },
    );

    app.post(
      '/reset-codes',
      {
        config: { roles },
        schema: {
          tags,
          security,
          body: ZResetCodeIssueRequest,
          response: { 200: envelopeOf(ZIssuedResetCode) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const auth = staffOf(request);
        const client = await ctx.clients.findByMobile(request.body.mobile);
        if (!client) throw notFound('No client has that mobile number.');
        assertOwnClient(auth, client.advisorId);
        const issued = await ctx.auth.issueResetCode(
          client.mobile,
          staffActor(request),
          auth.staffId,
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
