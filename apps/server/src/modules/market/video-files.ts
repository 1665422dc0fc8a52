/**
 * Company videos as files, with range requests (RFC 9110 §14): `Accept-Ranges: bytes`, 206
 * with `Content-Range` for one range, 416 with `Content-Range: bytes *\/size` for a malformed
 * or unsatisfiable one. Public like the news images: names are random, and a `<video>` element
 * cannot send a bearer token. A new upload gets a new name, so a file never changes.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { VideoMessage } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../platform/errors.ts';
import { publicFile } from '../../platform/http.ts';
import { readRange } from '../../platform/ranges.ts';
import { routeKit } from '../../platform/route-kit.ts';
import { VIDEO_URL_PREFIX } from './company-videos.ts';

export function videoFileRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const files = routeKit(instance, { kind: 'public' }, { tags: ['files'] });
    files.raw(
      'GET',
      `${VIDEO_URL_PREFIX}:file`,
      {
        cacheable: true,
        description:
          'A company video (video/mp4). Honours one byte range (206); a bad range answers 416.',
        params: z.object({ file: z.string().max(64) }),
      },
      async (request, reply) => {
        // Opened, not read: a range answer streams only the bytes it names (decision 033).
        const file = await ctx.market.videos.open(request.params.file);
        if (!file) throw notFound(VideoMessage.notFound);
        publicFile(reply.header('Accept-Ranges', 'bytes'), 'video/mp4');
        const range = readRange(request.headers.range, file.size);
        if (range.kind === 'unsatisfiable')
          return reply
            .code(416)
            .header('Content-Range', `bytes */${file.size}`)
            .type('text/plain')
            .send('');
        if (range.kind === 'whole')
          return reply.header('Content-Length', file.size).send(file.stream());
        return reply
          .code(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
          .header('Content-Length', range.end - range.start + 1)
          .send(file.stream(range));
      },
    );
  };
}
