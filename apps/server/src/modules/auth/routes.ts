import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ApiMessage,
  ZAuthData,
  ZChangePasswordRequest,
  ZLoginRequest,
  ZRegisterRequest,
  ZResetCodeRequest,
  ZResetPasswordRequest,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok, ZNullEnvelope } from '../../platform/envelope.ts';
import { unauthorized } from '../../platform/errors.ts';
import { requireClient } from '../../platform/guards.ts';
import { bearerToken, clientOf, noStore, requestMeta } from '../../platform/http.ts';

const perIp = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

export function authRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const signedIn = requireClient(ctx.auth);
    const tags = ['identity'];

    app.post(
      '/auth/app/v1/login',
      {
        config: perIp(20),
        schema: { tags, body: ZLoginRequest, response: { 200: envelopeOf(ZAuthData) } },
      },
      async (request, reply) => {
        noStore(reply);
        const { username, password } = request.body;
        return ok(await ctx.auth.login({ username, passwordMd5: password }, requestMeta(request)));
      },
    );

    app.post(
      '/auth/app/v1/register',
      {
        config: perIp(10),
        schema: { tags, body: ZRegisterRequest, response: { 200: envelopeOf(ZAuthData) } },
      },
      async (request, reply) => {
        noStore(reply);
        const { username, password, invite_code } = request.body;
        const data = await ctx.auth.register(
          { mobile: username, passwordMd5: password, inviteCode: invite_code },
          requestMeta(request),
        );
        return ok(data, 'Your Account Has Been Successfully Registered');
      },
    );

    app.post(
      '/auth/app/v1/refresh',
      {
        config: perIp(30),
        schema: {
          tags,
          description: 'No body: the refresh token is the bearer token. The old one is spent.',
          response: { 200: envelopeOf(ZAuthData) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const token = bearerToken(request);
        if (!token) throw unauthorized(ApiMessage.refreshInvalid);
        return ok(await ctx.auth.refresh(token));
      },
    );

    app.post(
      '/auth/app/v1/logout',
      {
        onRequest: signedIn,
        schema: { tags, security: [{ bearer: [] }], response: { 200: ZNullEnvelope } },
      },
      async (request) => {
        await ctx.auth.logout(clientOf(request).sessionId);
        return ok(null);
      },
    );

    app.post(
      '/auth/app/v1/change_pwd',
      {
        onRequest: signedIn,
        schema: {
          tags,
          security: [{ bearer: [] }],
          body: ZChangePasswordRequest,
          response: { 200: ZNullEnvelope },
        },
      },
      async (request) => {
        const { old_password, new_password } = request.body;
        await ctx.auth.changePassword(
          clientOf(request).clientId,
          { oldMd5: old_password, newMd5: new_password },
          requestMeta(request),
        );
        return ok(null, 'Password changed successfully.');
      },
    );

    app.post(
      '/client/app/v1/code',
      {
        config: perIp(10),
        schema: {
          tags,
          description:
            "Checks an advisor's reset code for a mobile ('email' holds '+91…'); returns a one-time reset token.",
          body: ZResetCodeRequest,
          response: { 200: envelopeOf(z.object({ reset_token: z.string() })) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { email, code } = request.body;
        return ok(await ctx.auth.verifyResetCode({ mobile: email, code }, requestMeta(request)));
      },
    );

    app.post(
      '/auth/app/v1/reset_pwd',
      {
        config: perIp(10),
        schema: { tags, body: ZResetPasswordRequest, response: { 200: ZNullEnvelope } },
      },
      async (request) => {
        const { username, password, reset_token } = request.body;
        await ctx.auth.resetPassword(
          { mobile: username, passwordMd5: password, resetToken: reset_token },
          requestMeta(request),
        );
        return ok(null, 'Password reset successfully.');
      },
    );
  };
}
