/**
 * The console's company videos (docs/api-market.md "Company videos"): staff holding the
 * `companyVideos` access upload, replace and remove a company's short MP4.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { COMPANY_VIDEO_MAX_BYTES, VideoMessage, ZCompanyVideo } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { streamSingleFile } from '../../platform/multipart.ts';
import { routeKit } from '../../platform/route-kit.ts';

const ZSymbol = z.object({
  symbol: z
    .string()
    .trim()
    .min(1, VideoMessage.companyUnknown)
    .max(32, VideoMessage.companyUnknown)
    .transform((v) => v.toUpperCase()),
});

export function marketConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { videos } = ctx.market;
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: company videos'] });
    const access = 'companyVideos';
    const url = '/market/companies/:symbol/video';

    kit.query('GET', '/market/videos', { access, response: z.array(ZCompanyVideo) }, async () =>
      videos.list(),
    );
    kit.query('GET', url, { access, params: ZSymbol, response: ZCompanyVideo }, async (request) =>
      videos.get(request.params.symbol),
    );
    kit.query(
      'POST',
      url,
      {
        access,
        perMinute: 10,
        bodyLimit: COMPANY_VIDEO_MAX_BYTES + 64 * 1024,
        consumes: ['multipart/form-data'],
        description: `Multipart field 'file': an MP4 (checked by content: ftyp first, a moov box), at most ${COMPANY_VIDEO_MAX_BYTES / 1024 / 1024} MB. Replaces the company's video.`,
        params: ZSymbol,
        response: ZCompanyVideo,
        message: VideoMessage.uploaded,
      },
      async (request) => {
        const body = await streamSingleFile(request, {
          maxBytes: COMPANY_VIDEO_MAX_BYTES,
          tooLarge: VideoMessage.tooLarge,
        });
        return videos.set(request.params.symbol, body, kit.actorOf(request));
      },
    );
    kit.query(
      'DELETE',
      url,
      { access, params: ZSymbol, response: ZCompanyVideo, message: VideoMessage.removed },
      async (request) => videos.remove(request.params.symbol, kit.actorOf(request)),
    );
  };
}
