/** Firm settings, edited by admins: each changed key is saved and audited on its own. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ZFirmSettings } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { staffActor } from '../../platform/staff-guard.ts';
import type { TSettings } from './service.ts';

const tags = ['console: settings'];
const security = [{ bearer: [] }];
const ZSettingsEnvelope = envelopeOf(ZFirmSettings);

export function settingsConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.get(
      '/settings',
      {
        config: { access: 'settings' },
        schema: { tags, security, response: { 200: ZSettingsEnvelope } },
      },
      async () => ok(await ctx.settings.all()),
    );
    app.post(
      '/settings',
      {
        config: { access: 'settings' },
        schema: {
          tags,
          security,
          body: ZFirmSettings.partial(),
          response: { 200: ZSettingsEnvelope },
        },
      },
      async (request) => {
        const current = await ctx.settings.all();
        const actor = staffActor(request);
        for (const key of Object.keys(request.body) as (keyof TSettings)[]) {
          const value = request.body[key];
          if (value === undefined || JSON.stringify(value) === JSON.stringify(current[key]))
            continue;
          await ctx.settings.update(key, value, actor);
        }
        return ok(await ctx.settings.all(), 'Settings saved.');
      },
    );
  };
}
