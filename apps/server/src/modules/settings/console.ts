/** Firm settings, edited by admins: each changed key is saved and audited on its own. */
import type { FastifyInstance } from 'fastify';
import { ZFirmSettings } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { routeKit } from '../../platform/route-kit.ts';
import type { TSettings } from './service.ts';

export function settingsConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: settings'] });
    kit.query('GET', '/settings', { access: 'settings', response: ZFirmSettings }, async () =>
      ctx.settings.all(),
    );
    kit.query(
      'POST',
      '/settings',
      {
        access: 'settings',
        body: ZFirmSettings.partial(),
        response: ZFirmSettings,
        message: 'Settings saved.',
      },
      async (request) => {
        const current = await ctx.settings.all();
        const actor = kit.actorOf(request);
        for (const key of Object.keys(request.body) as (keyof TSettings)[]) {
          const value = request.body[key];
          if (value === undefined || JSON.stringify(value) === JSON.stringify(current[key]))
            continue;
          await ctx.settings.update(key, value, actor);
        }
        return ctx.settings.all();
      },
    );
  };
}
