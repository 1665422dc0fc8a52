/**
 * The client's API apps (Me › Developer apps): create with the second factor (the TOTP when the
 * client's 2FA is on, else the trading PIN), list, rotate the secret (the same factor again),
 * delete, and read an app's postback delivery log. The secret is in the answer of create and rotate only, and never
 * stored with an idempotency key: these are plain writes, not money-moving commands.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  ConnectMessage,
  ZApiApp,
  ZApiAppCreate,
  ZApiAppOrder,
  ZApiAppOrdersQuery,
  ZApiAppPostbacksPage,
  ZApiAppPostbacksQuery,
  ZApiAppSecondFactor,
  ZApiAppWithSecret,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { clientOf } from '../../platform/http.ts';
import { routeKit } from '../../platform/route-kit.ts';

const BASE = '/client/app/v1/api-apps';
const ZAppId = z.object({ id: z.uuid({ error: ConnectMessage.appNotFound }) });

export function connectAppRoutes(ctx: AppContext) {
  const { connect } = ctx;
  return async (instance: FastifyInstance) => {
    const kit = routeKit(instance, { kind: 'client', auth: ctx.auth }, { tags: ['connect'] });

    kit.query(
      'POST',
      BASE,
      {
        description:
          'Creates an API app; the answer carries its secret, shown this once. Owes `totp_code` ' +
          '(a TOTP or a recovery code) when the client’s 2FA is on, else `pin`.',
        perMinute: 10,
        body: ZApiAppCreate,
        response: ZApiAppWithSecret,
        message: 'API app created. Copy the secret now: it is not shown again.',
      },
      async (request) => {
        const { clientId, sessionId } = clientOf(request);
        const { pin, totp_code, ...settings } = request.body;
        await connect.checkAppSecondFactor(
          clientId,
          { pin, totp_code },
          { ip: request.ip, sessionId },
        );
        return connect.apps.create(clientId, settings, kit.actorOf(request));
      },
    );

    kit.query('GET', BASE, { response: z.array(ZApiApp) }, async (request) =>
      connect.apps.listOf(clientOf(request).clientId),
    );

    kit.query(
      'GET',
      `${BASE}/orders`,
      {
        description:
          'Which of the given orders the client’s API apps placed, with the app’s name and tag.',
        querystring: ZApiAppOrdersQuery,
        response: z.array(ZApiAppOrder),
      },
      async (request) => connect.apps.ordersOf(clientOf(request).clientId, request.query.ids),
    );

    kit.query(
      'POST',
      `${BASE}/:id/rotate-secret`,
      {
        description:
          'A new secret, shown this once; owes the same second factor as creating an app.',
        perMinute: 10,
        params: ZAppId,
        body: ZApiAppSecondFactor,
        response: ZApiAppWithSecret,
        message: 'New secret issued. Copy it now: it is not shown again.',
      },
      async (request) => {
        const { clientId, sessionId } = clientOf(request);
        await connect.checkAppSecondFactor(clientId, request.body, { ip: request.ip, sessionId });
        return connect.apps.rotateSecret(clientId, request.params.id, kit.actorOf(request));
      },
    );

    kit.query(
      'GET',
      `${BASE}/:id/postbacks`,
      {
        description: 'The app’s postback deliveries, newest first (a page and its next cursor).',
        params: ZAppId,
        querystring: ZApiAppPostbacksQuery,
        response: ZApiAppPostbacksPage,
      },
      async (request) =>
        connect.postbackLog.ofApp(clientOf(request).clientId, request.params.id, request.query),
    );

    kit.query(
      'DELETE',
      `${BASE}/:id`,
      { params: ZAppId, response: z.null(), message: 'API app deleted.' },
      async (request) =>
        connect.apps.remove(clientOf(request).clientId, request.params.id, kit.actorOf(request)),
    );
  };
}
