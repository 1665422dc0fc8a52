/**
 * The console's company videos (docs/api-market.md "Company videos"): staff holding the
 * `companyVideos` access upload, replace and remove a company's short MP4.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COMPANY_VIDEO_MAX_BYTES, VideoMessage, ZCompanyVideo } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { noStore } from '../../platform/http.ts';
import { readSingleFile } from '../../platform/multipart.ts';
import { staffActor } from '../../platform/staff-guard.ts';

const tags = ['console: company videos'];
const security = [{ bearer: [] }];
const config = { access: 'companyVideos' } as const;
const ZSymbol = z.object({
  symbol: z
    .string()
    .trim()
    .min(1, VideoMessage.companyUnknown)
    .max(32, VideoMessage.companyUnknown)
    .transform((v) => v.toUpperCase()),
});
const ZVideoEnvelope = envelopeOf(ZCompanyVideo);

export function marketConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.addHook('onSend', async (_request, reply) => void noStore(reply));
    const { videos } = ctx.market;

    app.get(
      '/market/videos',
      { config, schema: { tags, security, response: { 200: envelopeOf(z.array(ZCompanyVideo)) } } },
      async () => ok(await videos.list()),
    );
    app.get(
      '/market/companies/:symbol/video',
      { config, schema: { tags, security, params: ZSymbol, response: { 200: ZVideoEnvelope } } },
      async (request) => ok(await videos.get(request.params.symbol)),
    );
    app.post(
      '/market/companies/:symbol/video',
      {
        config: { ...config, rateLimit: { max: 10, timeWindow: '1 minute' } },
        bodyLimit: COMPANY_VIDEO_MAX_BYTES + 64 * 1024,
        schema: {
          tags,
          security,
          consumes: ['multipart/form-data'],
          description: `Multipart field 'file': an MP4 (checked by content: ftyp first, a moov box), at most ${COMPANY_VIDEO_MAX_BYTES / 1024 / 1024} MB. Replaces the company's video.`,
          params: ZSymbol,
          response: { 200: ZVideoEnvelope },
        },
      },
      async (request) => {
        const bytes = await readSingleFile(request, {
          maxBytes: COMPANY_VIDEO_MAX_BYTES,
          tooLarge: VideoMessage.tooLarge,
        });
        return ok(
          await videos.set(request.params.symbol, bytes, staffActor(request)),
          VideoMessage.uploaded,
        );
      },
    );
    app.delete(
      '/market/companies/:symbol/video',
      { config, schema: { tags, security, params: ZSymbol, response: { 200: ZVideoEnvelope } } },
      async (request) =>
        ok(await videos.remove(request.params.symbol, staffActor(request)), VideoMessage.removed),
    );
  };
}
