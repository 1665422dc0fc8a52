/** KYC review in the console: the pending queue, oldest first, and the three decisions. */
import type { FastifyInstance } from 'fastify';
import {
  ZClientDetail,
  ZKycQueueItem,
  ZKycRejectRequest,
  ZPage,
  ZPageQuery,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { baseUrlOf } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';
import { ZClientIdPathParam } from '../../platform/route-params.ts';
import { viewerOf } from '../../platform/staff-guard.ts';

const MESSAGES = {
  approve: 'KYC approved.',
  reject: 'KYC rejected.',
  reopen: 'KYC reopened.',
} as const;

export function kycConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: KYC'] });

    kit.query(
      'GET',
      '/kyc/queue',
      { access: 'kyc', querystring: ZPageQuery, response: ZPage(ZKycQueueItem) },
      async (request) => {
        const { cursor, limit } = request.query;
        const rows = await ctx.kyc.pendingQueue(viewerOf(request), {
          after: decodeCursor(cursor, 2) as [string, string] | null,
          limit,
        });
        const advisors = new Map((await ctx.staff.listStaff()).map((s) => [s.id, s.email]));
        const page = pageOf(rows, limit, (r) => [r.cursorAt, r.id]);
        return {
          items: page.items.map((r) => ({
            client_id: r.clientId,
            uid: r.uid,
            mobile: r.mobile,
            full_name: r.fullName,
            id_type: r.idType as 'pan' | 'aadhaar',
            submitted_at: r.submittedAt.toISOString(),
            advisor_email: r.advisorId ? (advisors.get(r.advisorId) ?? null) : null,
          })),
          next_cursor: page.next_cursor,
        };
      },
    );

    for (const action of ['approve', 'reject', 'reopen'] as const) {
      kit.query(
        'POST',
        `/kyc/:clientId/${action}`,
        {
          access: 'kyc',
          params: ZClientIdPathParam,
          body: action === 'reject' ? ZKycRejectRequest : undefined,
          response: ZClientDetail,
          message: MESSAGES[action],
        },
        async (request) => {
          const viewer = viewerOf(request);
          const { clientId } = request.params;
          const reason =
            action === 'reject' ? (request.body as { reason: string }).reason : undefined;
          await ctx.kyc.review(clientId, action, kit.actorOf(request), {
            viewer,
            ...(reason ? { reason } : {}),
          });
          return ctx.clientViews.detail(viewer, clientId, baseUrlOf(ctx.config, request));
        },
      );
    }
  };
}
