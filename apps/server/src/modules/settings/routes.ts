import type { FastifyInstance } from 'fastify';
import { ZPublicSettings } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { routeKit } from '../../platform/route-kit.ts';

export function settingsRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'public' }, { tags: ['system'] });
    kit.query('GET', '/system/app/v1/settings', { response: ZPublicSettings }, async () =>
      ctx.settings.publicSettings(),
    );
  };
}
