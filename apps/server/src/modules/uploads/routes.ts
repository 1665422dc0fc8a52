import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { forbidden, notFound } from '../../platform/errors.ts';
import { requireClient } from '../../platform/guards.ts';
import { baseUrlOf, clientOf } from '../../platform/http.ts';
import { readSingleFile } from '../../platform/multipart.ts';

export function uploadRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/client/app/v1/image',
      {
        onRequest: requireClient(ctx.auth),
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags: ['identity'],
          security: [{ bearer: [] }],
          consumes: ['multipart/form-data'],
          querystring: z.object({ purpose: z.enum(['kyc', 'evidence']).default('kyc') }),
          description:
            "Multipart field 'file': an image (checked by content) under 20 MB. Answers a signed link valid for 15 minutes. `purpose=evidence` for a compensation claim's images.",
          response: { 200: envelopeOf(z.object({ url: z.string() })) },
        },
      },
      async (request) => {
        const { clientId } = clientOf(request);
        const bytes = await readSingleFile(request);
        const { purpose } = request.query;
        const upload = await ctx.uploads.storeImage({ clientId, purpose, bytes });
        return ok({ url: ctx.uploads.signedUrl(baseUrlOf(ctx.config, request), upload.id) });
      },
    );

    app.get(
      '/files/private/:id',
      {
        schema: {
          tags: ['files'],
          params: z.object({ id: z.string().uuid() }),
          querystring: z.object({ exp: z.coerce.number().int(), sig: z.string().min(1) }),
        },
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

    app.get(
      '/files/avatars/:file',
      { schema: { tags: ['files'], params: z.object({ file: z.string() }) } },
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
