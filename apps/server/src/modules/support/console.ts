/**
 * The support inbox in the console (docs/api-support.md): support agents and admins see every
 * conversation, advisors their own clients'; only admin edits the canned replies. Every staff
 * message is audited with its author.
 */
import type { FastifyInstance } from 'fastify';
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
import { type RouteKit, routeKit } from '../../platform/route-kit.ts';
import { idParam } from '../../platform/route-params.ts';
import { viewerOf } from '../../platform/staff-guard.ts';

const ZId = idParam(SM.conversationNotFound);
const ZCannedId = idParam(SM.cannedNotFound);
const ZAgent = z.object({ id: z.string(), name: z.string(), email: z.string() });
const PREFIX = '/support';
const access = 'supportChat';
const edit = 'cannedRepliesEdit';
type Support = AppContext['support'];

function registerInboxReads(kit: RouteKit, inbox: Support['inbox']) {
  kit.query(
    'GET',
    `${PREFIX}/conversations`,
    { access, querystring: ZInboxQuery, response: ZPage(ZInboxConversation) },
    async (request) => inbox.list(viewerOf(request), request.query),
  );

  kit.query('GET', `${PREFIX}/counts`, { access, response: ZInboxCounts }, async (request) =>
    inbox.counts(viewerOf(request)),
  );

  kit.query('GET', `${PREFIX}/agents`, { access, response: z.array(ZAgent) }, async () =>
    inbox.agents(),
  );

  kit.query(
    'GET',
    `${PREFIX}/conversations/:id`,
    {
      access,
      description:
        'A page of the thread (fetching the newest marks the client’s messages delivered).',
      params: ZId,
      querystring: ZChatHistoryQuery,
      response: ZInboxThread,
    },
    async (request) => inbox.thread(viewerOf(request), request.params.id, request.query),
  );

  kit.query(
    'GET',
    `${PREFIX}/conversations/:id/context`,
    { access, params: ZId, response: ZClientContext },
    async (request) => inbox.clientContext(viewerOf(request), request.params.id),
  );
}

function registerConversationSteps(kit: RouteKit, inbox: Support['inbox']) {
  kit.query(
    'POST',
    `${PREFIX}/conversations/:id/messages`,
    {
      access,
      perMinute: 120,
      description: 'Replies. `id` is a UUID the console makes (a repeat is answered, not stored).',
      params: ZId,
      body: ZStaffChatSend,
      response: ZChatSendReply,
    },
    async (request) => inbox.send(viewerOf(request), request.params.id, request.body, request.ip),
  );

  kit.query(
    'POST',
    `${PREFIX}/conversations/:id/read`,
    { access, params: ZId, body: ZChatRead, response: ZInboxConversation },
    async (request) => inbox.read(viewerOf(request), request.params.id, request.body.seq),
  );

  kit.query(
    'POST',
    `${PREFIX}/conversations/:id/assign`,
    { access, params: ZId, body: ZAssignRequest, response: ZInboxConversation },
    async (request) =>
      inbox.assign(
        viewerOf(request),
        request.params.id,
        request.body.assignee_id,
        kit.actorOf(request),
      ),
  );

  for (const action of ['close', 'reopen'] as const) {
    kit.query(
      'POST',
      `${PREFIX}/conversations/:id/${action}`,
      { access, params: ZId, response: ZInboxConversation },
      async (request) =>
        inbox.move(viewerOf(request), request.params.id, action, kit.actorOf(request)),
    );
  }
}

function registerCannedReplies(kit: RouteKit, canned: Support['canned']) {
  kit.query(
    'GET',
    `${PREFIX}/canned-replies`,
    { access, response: z.array(ZCannedReply) },
    async () => canned.list(),
  );

  kit.query(
    'POST',
    `${PREFIX}/canned-replies`,
    { access: edit, body: ZCannedReplyInput, response: ZCannedReply },
    async (request) => canned.create(request.body, kit.actorOf(request)),
  );

  kit.query(
    'PUT',
    `${PREFIX}/canned-replies/:id`,
    { access: edit, params: ZCannedId, body: ZCannedReplyInput, response: ZCannedReply },
    async (request) => canned.update(request.params.id, request.body, kit.actorOf(request)),
  );

  kit.query(
    'DELETE',
    `${PREFIX}/canned-replies/:id`,
    { access: edit, params: ZCannedId, response: z.null() },
    async (request) => {
      await canned.remove(request.params.id, kit.actorOf(request));
      return null;
    },
  );
}

export function supportConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { inbox, canned } = ctx.support;
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: support'] });
    registerInboxReads(kit, inbox);
    registerConversationSteps(kit, inbox);
    registerCannedReplies(kit, canned);
  };
}
