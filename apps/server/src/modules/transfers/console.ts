/**
 * Transfers in, in the console (docs/transfers-in.md): operations list the requests, confirm
 * one once the depository has credited the shares, or reject it with the reason. Audited.
 */
import type { FastifyInstance } from 'fastify';
import {
  TRANSFER_MESSAGES,
  ZConsoleTransferInList,
  ZTransferIn,
  ZTransferInId,
  ZTransferInQuery,
  ZTransferInReject,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { routeKit } from '../../platform/route-kit.ts';
import { staffOf } from '../../platform/staff-guard.ts';

export function transfersConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { transfers } = ctx;
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: transfers in'] });
    const access = 'transfersIn' as const;

    kit.query(
      'GET',
      '/transfers-in',
      { access, querystring: ZTransferInQuery, response: ZConsoleTransferInList },
      async (request) => ({ items: await transfers.list(request.query.status) }),
    );

    kit.query(
      'POST',
      '/transfers-in/:id/confirm',
      {
        access,
        params: ZTransferInId,
        response: ZTransferIn,
        message: TRANSFER_MESSAGES.confirmed,
        description: 'Confirms against the depository credit; a second confirm changes nothing.',
      },
      async (request) =>
        transfers.confirm(request.params.id, staffOf(request).staffId, kit.actorOf(request)),
    );

    kit.query(
      'POST',
      '/transfers-in/:id/reject',
      {
        access,
        params: ZTransferInId,
        body: ZTransferInReject,
        response: ZTransferIn,
        message: TRANSFER_MESSAGES.rejected,
      },
      async (request) =>
        transfers.reject(
          request.params.id,
          staffOf(request).staffId,
          request.body.reason,
          kit.actorOf(request),
        ),
    );
  };
}
