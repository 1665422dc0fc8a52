/**
 * Compensation in the console (docs/api-applications.md): the queue (open claims, due first
 * so overdue ones lead), a case with the client's context and evidence, and the decisions:
 * review, ask for information, approve (twice by two officers above the threshold; an amount
 * below the claim approves it partly), reject with a reason, pay. Operations decide; support
 * and advisors (their own clients) read; admin sets the cap and threshold. Decisions take an
 * Idempotency-Key like every money-moving POST.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CPM,
  COMPENSATION_DONE,
  ZClaimApprove,
  ZClaimAskInfo,
  ZClaimNote,
  ZClaimQueueQuery,
  ZClaimReject,
  ZCompensationSettings,
  ZConsoleClaim,
  ZConsoleClaimDetail,
  ZPage,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { baseUrlOf, noStore } from '../../platform/http.ts';
import { ZIdempotencyHeaders } from '../../platform/idempotency.ts';
import { staffActor, staffOf, viewerOf } from '../../platform/staff-guard.ts';

const tags = ['console: compensation'];
const security = [{ bearer: [] }];
const headers = ZIdempotencyHeaders;
const ZClaimId = z.object({ id: z.uuid({ error: CPM.claimNotFound }) });
const response = { 200: envelopeOf(ZConsoleClaimDetail) };

const scopeOf = (request: FastifyRequest) => `staff:${staffOf(request).staffId}`;

export function compensationConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { idempotency } = ctx;
    const { claims } = ctx.compensation;
    const optionsOf = (request: FastifyRequest) => ({
      staffId: staffOf(request).staffId,
      actor: staffActor(request),
      baseUrl: baseUrlOf(ctx.config, request),
    });

    app.get(
      '/compensation/claims',
      {
        config: { access: 'compensation' },
        schema: {
          tags,
          security,
          querystring: ZClaimQueueQuery,
          response: { 200: envelopeOf(ZPage(ZConsoleClaim)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { cursor, limit, status, client_id } = request.query;
        const rows = await claims.queue(viewerOf(request), {
          status,
          clientId: client_id,
          after: decodeCursor(cursor, 2) as [string, string] | null,
          limit,
        });
        const page = pageOf(rows, limit, (r) => [r.cursorAt, r.row.id]);
        return ok({ items: page.items.map((r) => r.view), next_cursor: page.next_cursor });
      },
    );

    app.get(
      '/compensation/claims/:id',
      {
        config: { access: 'compensation' },
        schema: { tags, security, params: ZClaimId, response },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(
          await claims.consoleDetail(
            viewerOf(request),
            request.params.id,
            baseUrlOf(ctx.config, request),
          ),
        );
      },
    );

    const decision = <B extends z.ZodType>(
      path: string,
      body: B,
      message: string,
      run: (
        request: FastifyRequest<{ Params: { id: string }; Body: z.output<B> }>,
        options: ReturnType<typeof optionsOf> & {
          transaction: Parameters<Parameters<typeof idempotency.run>[3]>[0];
        },
      ) => Promise<unknown>,
    ) =>
      app.post(
        `/compensation/claims/:id/${path}`,
        {
          config: { access: 'compensationDecide' },
          schema: { tags, security, headers, params: ZClaimId, body, response },
        },
        async (request, reply) =>
          idempotency.run(
            request,
            reply,
            { scope: scopeOf(request), message },
            (transaction) => run(request as never, { ...optionsOf(request), transaction }) as never,
          ),
      );

    decision('review', ZClaimNote, COMPENSATION_DONE.reviewing, (request, options) =>
      claims.review(request.params.id, options),
    );
    decision('ask-info', ZClaimAskInfo, COMPENSATION_DONE.infoRequested, (request, options) =>
      claims.askInfo(request.params.id, request.body.question, options),
    );
    decision('approve', ZClaimApprove, COMPENSATION_DONE.approved, (request, options) =>
      claims.approve(
        request.params.id,
        { amount: request.body.amount_paise, reason: request.body.reason },
        options,
      ),
    );
    decision('reject', ZClaimReject, COMPENSATION_DONE.rejected, (request, options) =>
      claims.reject(request.params.id, request.body.reason, options),
    );
    decision('pay', ZClaimNote, COMPENSATION_DONE.paid, (request, options) =>
      claims.pay(request.params.id, options),
    );

    app.get(
      '/compensation/settings',
      {
        config: { access: 'compensation' },
        schema: { tags, security, response: { 200: envelopeOf(ZCompensationSettings) } },
      },
      async (_request, reply) => {
        noStore(reply);
        return ok(await claims.settings());
      },
    );

    app.put(
      '/compensation/settings',
      {
        config: { access: 'compensationSettings' },
        schema: {
          tags,
          security,
          body: ZCompensationSettings,
          response: { 200: envelopeOf(ZCompensationSettings) },
        },
      },
      async (request) =>
        ok(
          await claims.saveSettings(request.body, staffActor(request)),
          COMPENSATION_DONE.settingsSaved,
        ),
    );
  };
}
