/** KYC review in the console: the pending queue, oldest first, and the three decisions. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZClientDetail,
  ZKycQueueItem,
  ZKycRejectRequest,
  ZPage,
  ZPageQuery,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { baseUrlOf, noStore } from '../../platform/http.ts';
import { staffActor, viewerOf } from '../../platform/staff-guard.ts';

const tags = ['console: KYC'];
const security = [{ bearer: [] }];
const ZId = z.object({ clientId: z.uuid('Client not found.') });
const MESSAGES = {
  approve: 'KYC approved.',
  reject: 'KYC rejected.',
  reopen: 'KYC reopened.',
} as const;

export function kycConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/kyc/queue',
      {
        config: { access: 'kyc' },
        schema: {
          tags,
          security,
          querystring: ZPageQuery,
          response: { 200: envelopeOf(ZPage(ZKycQueueItem)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { cursor, limit } = request.query;
        const rows = await ctx.kyc.pendingQueue(viewerOf(request), {
          after: decodeCursor(cursor, 2) as [string, string] | null,
          limit,
        });
        const advisors = new Map((await ctx.staff.listStaff()).map((s) => [s.id, s.email]));
        const page = pageOf(rows, limit, (r) => [r.cursorAt, r.id]);
        return ok({
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
        });
      },
    );

    for (const action of ['approve', 'reject', 'reopen'] as const) {
      app.post(
        `/kyc/:clientId/${action}`,
        {
          config: { access: 'kyc' },
          schema: {
            tags,
            security,
            params: ZId,
            ...(action === 'reject' ? { body: ZKycRejectRequest } : {}),
            response: { 200: envelopeOf(ZClientDetail) },
          },
        },
        async (request) => {
          const viewer = viewerOf(request);
          const { clientId } = request.params;
          const reason =
            action === 'reject' ? (request.body as { reason: string }).reason : undefined;
          await ctx.kyc.review(clientId, action, staffActor(request), {
            viewer,
            ...(reason ? { reason } : {}),
          });
          return ok(
            await ctx.clientViews.detail(viewer, clientId, baseUrlOf(ctx.config, request)),
            MESSAGES[action],
          );
        },
      );
    }
  };
}
