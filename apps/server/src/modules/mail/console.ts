/**
 * The outbox in the console (docs/api-duties.md): operations see every message with its
 * delivery status, attempts and last error, read one (not one holding a one-time code), and
 * may send a failed one again.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ZOutbox, ZOutboxMessageBody, ZOutboxQuery } from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../platform/audit.ts';
import { badRequest, notFound } from '../../platform/errors.ts';
import { routeKit } from '../../platform/route-kit.ts';

const ZMessageId = z.object({ id: z.uuid({ error: 'No such message.' }) });

export function mailConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { mail } = ctx;
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: mail'] });

    kit.query(
      'GET',
      '/mail/outbox',
      { access: 'outbox', querystring: ZOutboxQuery, response: ZOutbox },
      async (request) => mail.outbox(request.query),
    );

    // Reading a client's message is an access to their data: audited like the KYC images.
    kit.query(
      'GET',
      '/mail/outbox/:id',
      { access: 'outbox', params: ZMessageId, response: ZOutboxMessageBody },
      async (request) => {
        const message = await mail.messageBody(request.params.id);
        if (!message) throw notFound('No such message.');
        await recordAudit(ctx.db, kit.actorOf(request), {
          action: 'mail.read',
          subjectType: 'mail',
          subjectId: message.id,
        });
        return message;
      },
    );

    kit.query(
      'POST',
      '/mail/outbox/:id/requeue',
      { access: 'outbox', params: ZMessageId, message: 'The message is queued again.' },
      async (request) => {
        if (!(await mail.requeue(request.params.id)))
          throw badRequest('Only a failed message can be sent again.');
        await recordAudit(ctx.db, kit.actorOf(request), {
          action: 'mail.requeue',
          subjectType: 'mail',
          subjectId: request.params.id,
        });
        return null;
      },
    );
  };
}
