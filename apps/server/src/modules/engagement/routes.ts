/**
 * The client's engagement routes (docs/api-engagement.md): their VIP level, trust score,
 * achievements and radar, `/stat/app/v1/...`. Each reads the client's own standing only.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZAchievements, ZRadar, ZScore, ZVip } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { requireClient } from '../../platform/guards.ts';
import { clientOf, noStore } from '../../platform/http.ts';

const tags = ['engagement'];
const security = [{ bearer: [] }];

export function engagementRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', requireClient(ctx.auth));
    const { engagement } = ctx;

    app.get(
      '/stat/app/v1/vip',
      { schema: { tags, security, response: { 200: envelopeOf(ZVip) } } },
      async (request, reply) => {
        noStore(reply);
        return ok(await engagement.vip(clientOf(request).clientId));
      },
    );

    app.get(
      '/stat/app/v1/score',
      { schema: { tags, security, response: { 200: envelopeOf(ZScore) } } },
      async (request, reply) => {
        noStore(reply);
        return ok(await engagement.score(clientOf(request).clientId));
      },
    );

    app.get(
      '/stat/app/v1/achievements',
      { schema: { tags, security, response: { 200: envelopeOf(ZAchievements) } } },
      async (request, reply) => {
        noStore(reply);
        return ok({ items: await engagement.achievements(clientOf(request).clientId) });
      },
    );

    app.get(
      '/stat/app/v1/radar',
      {
        config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: { tags, security, response: { 200: envelopeOf(ZRadar) } },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(await engagement.radar(clientOf(request).clientId));
      },
    );
  };
}
