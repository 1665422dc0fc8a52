/**
 * The client's transfer-in routes (docs/transfers-in.md): upload another broker's tradebook as
 * a transfer request, and list one's own requests. Each answers for the signed-in client only.
 */
import type { FastifyInstance } from 'fastify';
import {
  TRADEBOOK_MAX_BYTES,
  TRANSFER_MESSAGES,
  ZTransferIn,
  ZTransferInList,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { clientOf } from '../../platform/http.ts';
import { readNamedFile } from '../../platform/multipart.ts';
import { routeKit } from '../../platform/route-kit.ts';

const URL = '/client/app/v1/transfers-in';

export function transferRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['transfers'] });

    kit.query(
      'POST',
      URL,
      {
        perMinute: 10,
        bodyLimit: TRADEBOOK_MAX_BYTES + 64 * 1024,
        consumes: ['multipart/form-data'],
        description:
          "Multipart field 'file': the previous broker's tradebook CSV (docs/transfers-in.md), read " +
          'whole: any bad line answers 400 listing every line and its reason (data.problems), and ' +
          'nothing is stored.',
        response: ZTransferIn,
        message: TRANSFER_MESSAGES.requested,
      },
      async (request) => {
        const { bytes, fileName } = await readNamedFile(request, {
          maxBytes: TRADEBOOK_MAX_BYTES,
          tooLarge: TRANSFER_MESSAGES.tooLarge,
        });
        return ctx.transfers.request(clientOf(request).clientId, fileName, bytes);
      },
    );

    kit.query('GET', URL, { response: ZTransferInList }, async (request) => ({
      items: await ctx.transfers.listOfClient(clientOf(request).clientId),
    }));
  };
}
