/**
 * The client's chat API (docs/api-support.md): history, send, read. REST carries history and
 * sending, so a client without a socket still works; live events ride the quotes socket.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZChatHistory,
  ZChatHistoryQuery,
  ZChatRead,
  ZChatReadReply,
  ZChatSend,
  ZChatSendReply,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { clientRowOf, requireClient } from '../../platform/guards.ts';
import { clientOf, noStore } from '../../platform/http.ts';

const tags = ['support'];
const security = [{ bearer: [] }];

export function supportRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', requireClient(ctx.auth));
    const { conversations } = ctx.support;

    app.get(
      '/chat/app/v1/messages',
      {
        schema: {
          tags,
          security,
          description:
            'The conversation (status, agent, unread, office hours) and a page of messages, oldest first. `before` pages back.',
          querystring: ZChatHistoryQuery,
          response: { 200: envelopeOf(ZChatHistory) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await conversations.history(clientOf(request).clientId, request.query));
      },
    );

    app.post(
      '/chat/app/v1/messages',
      {
        // The per-client limit (20 stored messages a minute) is the service's; this one is the
        // usual per-address guard. The guard reads the client's row with the session (one
        // statement), so the send needs no read of its own to know the client's advisor.
        config: { rateLimit: { max: 120, timeWindow: '1 minute' }, clientRow: true },
        schema: {
          tags,
          security,
          description:
            'Sends a message. `id` is a UUID the client makes: the same id again answers the first message (`duplicate: true`); with other content, 400.',
          body: ZChatSend,
          response: { 200: envelopeOf(ZChatSendReply) },
        },
      },
      async (request) => {
        const client = clientRowOf(request);
        return ok(
          await conversations.sendFromClient(client, request.body, {
            type: 'client',
            id: client.id,
            ip: request.ip,
          }),
        );
      },
    );

    app.post(
      '/chat/app/v1/read',
      {
        schema: {
          tags,
          security,
          description:
            'Marks staff messages up to `seq` read; answers the mark and what is unread.',
          body: ZChatRead,
          response: { 200: envelopeOf(ZChatReadReply) },
        },
      },
      async (request) =>
        ok(await conversations.readByClient(clientOf(request).clientId, request.body.seq)),
    );
  };
}
