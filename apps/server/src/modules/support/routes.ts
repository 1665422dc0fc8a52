/**
 * The client's chat API (docs/api-support.md): history, send, read. REST carries history and
 * sending, so a client without a socket still works; live events ride the quotes socket.
 */
import type { FastifyInstance } from 'fastify';
import {
  ZChatHistory,
  ZChatHistoryQuery,
  ZChatRead,
  ZChatReadReply,
  ZChatSend,
  ZChatSendReply,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { clientRowOf } from '../../platform/guards.ts';
import { clientOf } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';

export function supportRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { conversations } = ctx.support;
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['support'] });

    kit.query(
      'GET',
      '/chat/app/v1/messages',
      {
        description:
          'The conversation (status, agent, unread, office hours) and a page of messages, oldest first. `before` pages back.',
        querystring: ZChatHistoryQuery,
        response: ZChatHistory,
      },
      async (request) => conversations.history(clientOf(request).clientId, request.query),
    );

    kit.query(
      'POST',
      '/chat/app/v1/messages',
      {
        // The per-client limit (20 stored messages a minute) is the service's; this one is the
        // usual per-address guard. The guard reads the client's row with the session (one
        // statement), so the send needs no read of its own to know the client's advisor.
        perMinute: 120,
        clientRow: true,
        description:
          'Sends a message. `id` is a UUID the client makes: the same id again answers the first message (`duplicate: true`); with other content, 400.',
        body: ZChatSend,
        response: ZChatSendReply,
      },
      async (request) =>
        conversations.sendFromClient(clientRowOf(request), request.body, kit.actorOf(request)),
    );

    kit.query(
      'POST',
      '/chat/app/v1/read',
      {
        description: 'Marks staff messages up to `seq` read; answers the mark and what is unread.',
        body: ZChatRead,
        response: ZChatReadReply,
      },
      async (request) => conversations.readByClient(clientOf(request).clientId, request.body.seq),
    );
  };
}
