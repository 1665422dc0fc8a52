/**
 * Engagement in the console (docs/api-engagement.md): a client's VIP level, score parts and
 * history, achievements and radar (for those who see the client); a score adjustment with its
 * reason (the client's advisor, or admin); the VIP tier editor (admin).
 */
import type { FastifyInstance } from 'fastify';
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
import { routeKit } from '../../platform/route-kit.ts';
import { ZClientIdParam } from '../../platform/route-params.ts';
import { staffOf, viewerOf } from '../../platform/staff-guard.ts';

const ZTiers = z.object({ tiers: z.array(ZVipTier) });

export function engagementConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { engagement, staff } = ctx;
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: engagement'] });

    kit.query(
      'GET',
      '/engagement/clients/:id',
      { access: 'engagement', params: ZClientIdParam, response: ZConsoleEngagement },
      async (request) =>
        engagement.consoleView(viewerOf(request), request.params.id, async (ids) => {
          const names = await staff.namesOf(ids);
          return new Map([...names].map(([id, s]) => [id, s.name || s.email]));
        }),
    );

    kit.query(
      'POST',
      '/engagement/clients/:id/score-adjustments',
      {
        access: 'scoreAdjust',
        params: ZClientIdParam,
        body: ZScoreAdjustmentRequest,
        response: ZScore,
        message: EM.adjusted,
      },
      async (request) =>
        engagement.adjustScore(viewerOf(request), request.params.id, request.body, {
          type: 'staff' as const,
          id: staffOf(request).staffId,
          ip: request.ip,
        }),
    );

    kit.query('GET', '/engagement/tiers', { access: 'vipTiers', response: ZTiers }, async () => ({
      tiers: await engagement.tiers(),
    }));

    kit.query(
      'PUT',
      '/engagement/tiers',
      { access: 'vipTiers', body: ZVipTiersRequest, response: ZTiers, message: EM.tiersSaved },
      async (request) => ({
        tiers: await engagement.saveTiers(request.body.tiers, kit.actorOf(request)),
      }),
    );
  };
}
