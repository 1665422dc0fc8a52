/**
 * The client's price alerts and notifications (docs/api-market.md "Price alerts"), under the
 * market API's prefix `/market/app/v1`. A client sees and cancels only their own alerts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { clientOf } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';
import { idParam } from '../../platform/route-params.ts';

const ZAlertId = idParam(AlertMessage.notFound);

export function alertRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { alerts } = ctx;
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['alerts'] });
    const me = (request: FastifyRequest) => clientOf(request).clientId;

    kit.query(
      'GET',
      '/market/app/v1/alerts',
      { querystring: ZAlertListQuery, response: ZPriceAlerts },
      async (request) => alerts.list(me(request), request.query.status),
    );
    kit.query(
      'POST',
      '/market/app/v1/alerts',
      { body: ZPriceAlertRequest, response: ZPriceAlert },
      async (request) => alerts.create(me(request), request.body),
    );
    kit.query(
      'DELETE',
      '/market/app/v1/alerts/:id',
      { params: ZAlertId, response: ZPriceAlert },
      async (request) => alerts.cancel(me(request), request.params.id),
    );
    kit.query(
      'GET',
      '/market/app/v1/notifications',
      { response: ZNotifications },
      async (request) => alerts.notifications(me(request)),
    );
    kit.query(
      'POST',
      '/market/app/v1/notifications/read',
      { response: z.object({ marked: z.number().int() }) },
      async (request) => alerts.readNotifications(me(request)),
    );
  };
}
