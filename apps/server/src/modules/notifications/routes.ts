/** The client's notifications (decision 049): their own only, newest first; marked read at once. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZClientNotifications } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { clientOf } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';

export function notificationRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['notifications'] });
    kit.query(
      'GET',
      '/client/app/v1/notifications',
      { response: ZClientNotifications },
      async (request) => ctx.notifications.list(clientOf(request).clientId),
    );
    kit.query(
      'POST',
      '/client/app/v1/notifications/read',
      { response: z.object({ marked: z.number().int() }) },
      async (request) => ctx.notifications.markRead(clientOf(request).clientId),
    );
  };
}
