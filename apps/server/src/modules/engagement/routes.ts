/**
 * The client's engagement routes (docs/api-engagement.md): their VIP level, trust score,
 * achievements and radar, `/stat/app/v1/...`. Each reads the client's own standing only.
 */
import type { FastifyInstance } from 'fastify';
import { ZAchievements, ZRadar, ZScore, ZVip } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { clientOf } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';

export function engagementRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { engagement } = ctx;
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['engagement'] });

    kit.query('GET', '/stat/app/v1/vip', { response: ZVip }, async (request) =>
      engagement.vip(clientOf(request).clientId),
    );

    kit.query('GET', '/stat/app/v1/score', { response: ZScore }, async (request) =>
      engagement.score(clientOf(request).clientId),
    );

    kit.query('GET', '/stat/app/v1/achievements', { response: ZAchievements }, async (request) => ({
      items: await engagement.achievements(clientOf(request).clientId),
    }));

    kit.query('GET', '/stat/app/v1/radar', { perMinute: 60, response: ZRadar }, async (request) =>
      engagement.radar(clientOf(request).clientId),
    );
  };
}
