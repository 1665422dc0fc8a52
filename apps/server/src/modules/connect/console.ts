/**
 * A client's API apps in the console (issue 35): staff who may see a client's orders see their
 * apps; operations may disable one (or enable it again), audited as `api_app.disable`/`enable`.
 * A disabled app's sessions and logins are refused at once (sessions.ts checks on each call).
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { CONNECT_CONSOLE_DONE, ConnectMessage, ZApiApp, ZApiAppDisable } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../platform/errors.ts';
import { routeKit } from '../../platform/route-kit.ts';
import { viewerOf } from '../../platform/staff-guard.ts';
import { assertSees } from '../../platform/viewer.ts';

const ZClientId = z.object({ id: z.uuid({ error: 'No such client.' }) });
const ZAppId = z.object({ id: z.uuid({ error: ConnectMessage.appNotFound }) });

export function connectConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { connect, clients } = ctx;
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: connect'] });

    kit.query(
      'GET',
      '/clients/:id/api-apps',
      { access: 'clientOrders', params: ZClientId, response: z.array(ZApiApp) },
      async (request) => {
        const client = await clients.byId(request.params.id);
        assertSees(viewerOf(request), client.advisorId ?? null);
        return connect.apps.listOf(client.id);
      },
    );

    kit.query(
      'POST',
      '/api-apps/:id/disabled',
      {
        access: 'trading',
        params: ZAppId,
        body: ZApiAppDisable,
        response: ZApiApp,
        message: CONNECT_CONSOLE_DONE.changed,
      },
      async (request) => {
        const app = await connect.apps.byId(request.params.id);
        if (!app) throw notFound(ConnectMessage.appNotFound);
        const client = await clients.byId(app.clientId);
        assertSees(viewerOf(request), client.advisorId ?? null);
        return connect.apps.setDisabled(app.id, request.body.disabled, kit.actorOf(request));
      },
    );
  };
}
