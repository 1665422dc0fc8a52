import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { M, ZClientProfile, ZPasswordVerifyRequest, ZPinRequest } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok, ZNullEnvelope } from '../../platform/envelope.ts';
import { type ClientGuardConfig, clientRowOf, requireClient } from '../../platform/guards.ts';
import { clientOf, noStore, requestMeta } from '../../platform/http.ts';
import { readSingleFile } from '../../platform/multipart.ts';

const security = [{ bearer: [] }];
const ZVerified = envelopeOf(z.object({ verified: z.literal(true) }));

export function clientRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', requireClient(ctx.auth));
    const tags = ['identity'];

    app.get(
      '/auth/app/v1/client_info',
      {
        // The hottest authenticated call: the guard reads the row with the session (one
        // query) and settings come from memory.
        config: { clientRow: true } satisfies ClientGuardConfig,
        schema: { tags, security, response: { 200: envelopeOf(ZClientProfile) } },
      },
      async (request, reply) => {
        noStore(reply);
        const settings = await ctx.settings.all();
        return ok(ctx.clients.toProfile(clientRowOf(request), settings.chat_service));
      },
    );

    app.post(
      '/client/app/v1/pwd_verify',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: { tags, security, body: ZPasswordVerifyRequest, response: { 200: ZVerified } },
      },
      async (request) => {
        await ctx.auth.verifyPassword(
          clientOf(request),
          request.body.password,
          requestMeta(request),
        );
        return ok({ verified: true as const });
      },
    );

    app.post(
      '/client/app/v1/pin',
      { schema: { tags, security, body: ZPinRequest, response: { 200: ZNullEnvelope } } },
      async (request) => {
        const { clientId, sessionId } = clientOf(request);
        await ctx.auth.requireRecentPasswordVerification(sessionId);
        await ctx.clients.setPin(clientId, request.body.pin);
        return ok(null, M.pinSet);
      },
    );

    app.post(
      '/client/app/v1/pin/verify',
      {
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: { tags, security, body: ZPinRequest, response: { 200: ZVerified } },
      },
      async (request) => {
        // A verified PIN opens this session's trading window (docs/api-identity.md).
        const { clientId, sessionId } = clientOf(request);
        await ctx.clients.verifyPin(clientId, request.body.pin, sessionId);
        return ok({ verified: true as const });
      },
    );

    app.post(
      '/client/app/v1/avatar',
      {
        config: { rateLimit: { max: 10, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          consumes: ['multipart/form-data'],
          description: "Multipart form field 'file' holding a JPEG named avatar.jpg.",
          response: { 200: envelopeOf(z.object({ url: z.string() })) },
        },
      },
      async (request) => {
        const { clientId } = clientOf(request);
        const bytes = await readSingleFile(request);
        const upload = await ctx.uploads.storeImage({ clientId, purpose: 'avatar', bytes });
        await ctx.clients.setAvatar(clientId, upload.storageKey);
        return ok({ url: `/files/${upload.storageKey}` }, M.avatarUploaded);
      },
    );
  };
}
