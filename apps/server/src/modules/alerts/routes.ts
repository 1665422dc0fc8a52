/**
 * The client's price alerts and notifications (docs/api-market.md "Price alerts"), under the
 * market API's prefix `/market/app/v1`. A client sees and cancels only their own alerts.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AlertMessage,
  ZAlertListQuery,
  ZNotifications,
  ZPriceAlert,
  ZPriceAlertRequest,
  ZPriceAlerts,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { requireClient } from '../../platform/guards.ts';
import { clientOf, noStore } from '../../platform/http.ts';

const tags = ['alerts'];
const security = [{ bearer: [] }];
const ZAlertId = z.object({ id: z.uuid({ error: AlertMessage.notFound }) });

export function alertRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    app.addHook('onRequest', requireClient(ctx.auth));
    app.addHook('onSend', async (_request, reply) => void noStore(reply));
    const { alerts } = ctx;

    app.get(
      '/market/app/v1/alerts',
      {
        schema: {
          tags,
          security,
          querystring: ZAlertListQuery,
          response: { 200: envelopeOf(ZPriceAlerts) },
        },
      },
      async (request) => ok(await alerts.list(clientOf(request).clientId, request.query.status)),
    );
    app.post(
      '/market/app/v1/alerts',
      {
        schema: {
          tags,
          security,
          body: ZPriceAlertRequest,
          response: { 200: envelopeOf(ZPriceAlert) },
        },
      },
      async (request) => ok(await alerts.create(clientOf(request).clientId, request.body)),
    );
    app.delete(
      '/market/app/v1/alerts/:id',
      {
        schema: { tags, security, params: ZAlertId, response: { 200: envelopeOf(ZPriceAlert) } },
      },
      async (request) => ok(await alerts.cancel(clientOf(request).clientId, request.params.id)),
    );
    app.get(
      '/market/app/v1/notifications',
      { schema: { tags, security, response: { 200: envelopeOf(ZNotifications) } } },
      async (request) => ok(await alerts.notifications(clientOf(request).clientId)),
    );
    app.post(
      '/market/app/v1/notifications/read',
      {
        schema: {
          tags,
          security,
          response: { 200: envelopeOf(z.object({ marked: z.number().int() })) },
        },
      },
      async (request) => ok(await alerts.readNotifications(clientOf(request).clientId)),
    );
  };
}
