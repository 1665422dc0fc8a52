import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { baseUrlOf, clientOf } from '../../platform/http.ts';
import { readSingleFile } from '../../platform/multipart.ts';
import { routeKit } from '../../platform/route-kit.ts';

export function uploadRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['identity'] });
    const files = routeKit(instance, { kind: 'public' }, { tags: ['files'] });

    kit.query(
      'POST',
      '/client/app/v1/image',
      {
        perMinute: 20,
        consumes: ['multipart/form-data'],
        querystring: z.object({ purpose: z.enum(['kyc', 'evidence']).default('kyc') }),
        description:
          "Multipart field 'file': an image (checked by content) under 20 MB. Answers a signed link valid for 15 minutes. `purpose=evidence` for a compensation claim's images.",
        response: z.object({ url: z.string() }),
      },
      async (request) => {
        const { clientId } = clientOf(request);
        const bytes = await readSingleFile(request);
        const { purpose } = request.query;
        const upload = await ctx.uploads.storeImage({ clientId, purpose, bytes });
        return { url: ctx.uploads.signedUrl(baseUrlOf(ctx.config, request), upload.id) };
      },
    );

    files.raw(
      'GET',
      '/files/private/:id',
      {
        cacheable: true,
        params: z.object({ id: z.string().uuid() }),
        querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().min(1) }),
      },
      async (request, reply) => {
        const { id } = request.params;
        const bytes = await ctx.uploads.readSigned(id, request.query.exp, request.query.sig);
        if (!bytes)
          throw forbidden('This link has expired. Open the record again to get a new one.');
        return reply
          .header('Cache-Control', 'private, no-store')
          .header('X-Content-Type-Options', 'nosniff')
          .type('image/jpeg')
          .send(bytes);
      },
    );

    files.raw(
      'GET',
      '/files/avatars/:file',
      { cacheable: true, params: z.object({ file: z.string() }) },
      async (request, reply) => {
        const bytes = await ctx.uploads.readAvatar(request.params.file);
        if (!bytes) throw notFound('No such avatar.');
        return reply
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .type('image/jpeg')
          .send(bytes);
      },
    );
  };
}
