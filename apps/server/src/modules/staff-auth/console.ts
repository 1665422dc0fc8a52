/** Console sign-in: two steps, then the session's own routes (me, sign out, sign out everywhere). */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZSignInChallenge,
  ZStaffMe,
  ZStaffSession,
  ZStaffSignInRequest,
  ZStaffVerifyRequest,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok, ZNullEnvelope } from '../../platform/envelope.ts';
import { noStore, requestMeta } from '../../platform/http.ts';
import { staffOf } from '../../platform/staff-guard.ts';

const tags = ['console: sign-in'];
const security = [{ bearer: [] }];

export function staffAuthConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/auth/sign-in',
      {
        config: { staffPublic: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          body: ZStaffSignInRequest,
          response: { 200: envelopeOf(ZSignInChallenge) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(
          await ctx.staffAuth.signIn(
            { email: request.body.email, passwordMd5: request.body.password },
            requestMeta(request),
          ),
        );
      },
    );

    app.post(
      '/auth/verify',
      {
        config: { staffPublic: true, rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: { tags, body: ZStaffVerifyRequest, response: { 200: envelopeOf(ZStaffSession) } },
      },
      async (request, reply) => {
        noStore(reply);
        const { challenge_token, code, recovery_code } = request.body;
        return ok(
          await ctx.staffAuth.verify(
            { challengeToken: challenge_token, code, recoveryCode: recovery_code },
            requestMeta(request),
          ),
        );
      },
    );

    app.get(
      '/auth/me',
      {
        config: { access: 'session' },
        schema: {
          tags,
          security,
          response: { 200: envelopeOf(ZStaffMe.extend({ recovery_codes_left: z.number() })) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await ctx.staffAuth.me(staffOf(request).staffId));
      },
    );

    app.post(
      '/auth/sign-out',
      {
        config: { access: 'session' },
        schema: { tags, security, response: { 200: ZNullEnvelope } },
      },
      async (request) => {
        await ctx.staffAuth.signOut(staffOf(request), requestMeta(request));
        return ok(null, 'Signed out.');
      },
    );

    app.post(
      '/auth/sign-out-everywhere',
      {
        config: { access: 'session' },
        schema: { tags, security, response: { 200: ZNullEnvelope } },
      },
      async (request) => {
        await ctx.staffAuth.signOutEverywhere(staffOf(request), requestMeta(request));
        return ok(null, 'Signed out on every device.');
      },
    );
  };
}
