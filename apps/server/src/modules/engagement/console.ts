/**
 * Engagement in the console (docs/api-engagement.md): a client's VIP level, score parts and
 * history, achievements and radar (for those who see the client); a score adjustment with its
 * reason (the client's advisor, or admin); the VIP tier editor (admin).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  EM,
  ZConsoleEngagement,
  ZScore,
  ZScoreAdjustmentRequest,
  ZVipTier,
  ZVipTiersRequest,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { noStore } from '../../platform/http.ts';
import { staffActor, staffOf, viewerOf } from '../../platform/staff-guard.ts';

const tags = ['console: engagement'];
const security = [{ bearer: [] }];
const ZClientId = z.object({ id: z.uuid({ error: 'Client not found.' }) });
const ZTiers = z.object({ tiers: z.array(ZVipTier) });

export function engagementConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { engagement, staff } = ctx;

    app.get(
      '/engagement/clients/:id',
      {
        config: { access: 'engagement' },
        schema: {
          tags,
          security,
          params: ZClientId,
          response: { 200: envelopeOf(ZConsoleEngagement) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(
          await engagement.consoleView(viewerOf(request), request.params.id, async (ids) => {
            const names = await staff.namesOf(ids);
            return new Map([...names].map(([id, s]) => [id, s.name || s.email]));
          }),
        );
      },
    );

    app.post(
      '/engagement/clients/:id/score-adjustments',
      {
        config: { access: 'scoreAdjust' },
        schema: {
          tags,
          security,
          params: ZClientId,
          body: ZScoreAdjustmentRequest,
          response: { 200: envelopeOf(ZScore) },
        },
      },
      async (request) => {
        const actor = { type: 'staff' as const, id: staffOf(request).staffId, ip: request.ip };
        const score = await engagement.adjustScore(
          viewerOf(request),
          request.params.id,
          request.body,
          actor,
        );
        return ok(score, EM.adjusted);
      },
    );

    app.get(
      '/engagement/tiers',
      {
        config: { access: 'vipTiers' },
        schema: { tags, security, response: { 200: envelopeOf(ZTiers) } },
      },
      async (_request, reply) => {
        noStore(reply);
        return ok({ tiers: await engagement.tiers() });
      },
    );

    app.put(
      '/engagement/tiers',
      {
        config: { access: 'vipTiers' },
        schema: { tags, security, body: ZVipTiersRequest, response: { 200: envelopeOf(ZTiers) } },
      },
      async (request) =>
        ok(
          { tiers: await engagement.saveTiers(request.body.tiers, staffActor(request)) },
          EM.tiersSaved,
        ),
    );
  };
}
