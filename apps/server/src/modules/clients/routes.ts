import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { M, ZClientProfile, ZPasswordVerifyRequest, ZPinRequest } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { clientRowOf } from '../../platform/guards.ts';
import { clientOf, requestMeta } from '../../platform/http.ts';
import { readSingleFile } from '../../platform/multipart.ts';
import { routeKit } from '../../platform/route-kit.ts';

const ZVerified = z.object({ verified: z.literal(true) });

export function clientRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['identity'] });

    kit.query(
      'GET',
      '/auth/app/v1/client_info',
      // The hottest authenticated call: the guard reads the row with the session (one
      // query) and settings come from memory.
      { clientRow: true, response: ZClientProfile },
      async (request) => {
        const settings = await ctx.settings.all();
        return ctx.clients.toProfile(clientRowOf(request), settings.chat_service);
      },
    );

    kit.query(
      'POST',
      '/client/app/v1/pwd_verify',
      { perMinute: 10, body: ZPasswordVerifyRequest, response: ZVerified },
      async (request) => {
        await ctx.auth.verifyPassword(
          clientOf(request),
          request.body.password,
          requestMeta(request),
        );
        return { verified: true as const };
      },
    );

    kit.query(
      'POST',
      '/client/app/v1/pin',
      { body: ZPinRequest, response: z.null(), message: M.pinSet },
      async (request) => {
        const { clientId, sessionId } = clientOf(request);
        await ctx.auth.requireRecentPasswordVerification(sessionId);
        await ctx.clients.setPin(clientId, request.body.pin);
        return null;
      },
    );

    kit.query(
      'POST',
      '/client/app/v1/pin/verify',
      { perMinute: 20, body: ZPinRequest, response: ZVerified },
      async (request) => {
        // A verified PIN opens this session's trading window (docs/api-identity.md).
        const { clientId, sessionId } = clientOf(request);
        await ctx.clients.verifyPin(clientId, request.body.pin, sessionId);
        return { verified: true as const };
      },
    );

    kit.query(
      'POST',
      '/client/app/v1/avatar',
      {
        perMinute: 10,
        consumes: ['multipart/form-data'],
        description: "Multipart form field 'file' holding a JPEG named avatar.jpg.",
        response: z.object({ url: z.string() }),
        message: M.avatarUploaded,
      },
      async (request) => {
        const { clientId } = clientOf(request);
        const bytes = await readSingleFile(request);
        const upload = await ctx.uploads.storeImage({ clientId, purpose: 'avatar', bytes });
        await ctx.clients.setAvatar(clientId, upload.storageKey);
        return { url: `/files/${upload.storageKey}` };
      },
    );
  };
}
