/**
 * The support inbox in the console (docs/api-support.md): support agents and admins see every
 * conversation, advisors their own clients'; only admin edits the canned replies. Every staff
 * message is audited with its author.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SM,
  ZAssignRequest,
  ZCannedReply,
  ZCannedReplyInput,
  ZChatHistoryQuery,
  ZChatRead,
  ZChatSendReply,
  ZClientContext,
  ZInboxConversation,
  ZInboxCounts,
  ZInboxQuery,
  ZInboxThread,
  ZPage,
  ZStaffChatSend,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok, ZNullEnvelope } from '../../platform/envelope.ts';
import { noStore } from '../../platform/http.ts';
import { staffActor, viewerOf } from '../../platform/staff-guard.ts';

const tags = ['console: support'];
const security = [{ bearer: [] }];
const ZId = z.object({ id: z.uuid({ error: SM.conversationNotFound }) });
const ZCannedId = z.object({ id: z.uuid({ error: SM.cannedNotFound }) });
const PREFIX = '/support';

export function supportConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { inbox, canned } = ctx.support;
    const chat = { access: 'supportChat' } as const;

    app.get(
      `${PREFIX}/conversations`,
      {
        config: chat,
        schema: {
          tags,
          security,
          querystring: ZInboxQuery,
          response: { 200: envelopeOf(ZPage(ZInboxConversation)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await inbox.list(viewerOf(request), request.query));
      },
    );

    app.get(
      `${PREFIX}/counts`,
      { config: chat, schema: { tags, security, response: { 200: envelopeOf(ZInboxCounts) } } },
      async (request, reply) => {
        noStore(reply);
        return ok(await inbox.counts(viewerOf(request)));
      },
    );

    app.get(
      `${PREFIX}/agents`,
      {
        config: chat,
        schema: {
          tags,
          security,
          response: {
            200: envelopeOf(
              z.array(z.object({ id: z.string(), name: z.string(), email: z.string() })),
            ),
          },
        },
      },
      async () => ok(await inbox.agents()),
    );

    app.get(
      `${PREFIX}/conversations/:id`,
      {
        config: chat,
        schema: {
          tags,
          security,
          description:
            'A page of the thread (fetching the newest marks the client’s messages delivered).',
          params: ZId,
          querystring: ZChatHistoryQuery,
          response: { 200: envelopeOf(ZInboxThread) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await inbox.thread(viewerOf(request), request.params.id, request.query));
      },
    );

    app.get(
      `${PREFIX}/conversations/:id/context`,
      {
        config: chat,
        schema: { tags, security, params: ZId, response: { 200: envelopeOf(ZClientContext) } },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await inbox.clientContext(viewerOf(request), request.params.id));
      },
    );

    app.post(
      `${PREFIX}/conversations/:id/messages`,
      {
        config: { ...chat, rateLimit: { max: 120, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          description:
            'Replies. `id` is a UUID the console makes (a repeat is answered, not stored).',
          params: ZId,
          body: ZStaffChatSend,
          response: { 200: envelopeOf(ZChatSendReply) },
        },
      },
      async (request) =>
        ok(await inbox.send(viewerOf(request), request.params.id, request.body, request.ip)),
    );

    app.post(
      `${PREFIX}/conversations/:id/read`,
      {
        config: chat,
        schema: {
          tags,
          security,
          params: ZId,
          body: ZChatRead,
          response: { 200: envelopeOf(ZInboxConversation) },
        },
      },
      async (request) =>
        ok(await inbox.read(viewerOf(request), request.params.id, request.body.seq)),
    );

    app.post(
      `${PREFIX}/conversations/:id/assign`,
      {
        config: chat,
        schema: {
          tags,
          security,
          params: ZId,
          body: ZAssignRequest,
          response: { 200: envelopeOf(ZInboxConversation) },
        },
      },
      async (request) =>
        ok(
          await inbox.assign(
            viewerOf(request),
            request.params.id,
            request.body.assignee_id,
            staffActor(request),
          ),
        ),
    );

    for (const action of ['close', 'reopen'] as const) {
      app.post(
        `${PREFIX}/conversations/:id/${action}`,
        {
          config: chat,
          schema: {
            tags,
            security,
            params: ZId,
            response: { 200: envelopeOf(ZInboxConversation) },
          },
        },
        async (request) =>
          ok(await inbox.move(viewerOf(request), request.params.id, action, staffActor(request))),
      );
    }

    app.get(
      `${PREFIX}/canned-replies`,
      {
        config: chat,
        schema: { tags, security, response: { 200: envelopeOf(z.array(ZCannedReply)) } },
      },
      async () => ok(await canned.list()),
    );

    app.post(
      `${PREFIX}/canned-replies`,
      {
        config: { access: 'cannedRepliesEdit' },
        schema: {
          tags,
          security,
          body: ZCannedReplyInput,
          response: { 200: envelopeOf(ZCannedReply) },
        },
      },
      async (request) => ok(await canned.create(request.body, staffActor(request))),
    );

    app.put(
      `${PREFIX}/canned-replies/:id`,
      {
        config: { access: 'cannedRepliesEdit' },
        schema: {
          tags,
          security,
          params: ZCannedId,
          body: ZCannedReplyInput,
          response: { 200: envelopeOf(ZCannedReply) },
        },
      },
      async (request) =>
        ok(await canned.update(request.params.id, request.body, staffActor(request))),
    );

    app.delete(
      `${PREFIX}/canned-replies/:id`,
      {
        config: { access: 'cannedRepliesEdit' },
        schema: { tags, security, params: ZCannedId, response: { 200: ZNullEnvelope } },
      },
      async (request) => {
        await canned.remove(request.params.id, staffActor(request));
        return ok(null);
      },
    );
  };
}
