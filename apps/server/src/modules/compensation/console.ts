/**
 * Compensation in the console (docs/api-applications.md): the queue (open claims, due first
 * so overdue ones lead), a case with the client's context and evidence, and the decisions:
 * review, ask for information, approve (twice by two officers above the threshold; an amount
 * below the claim approves it partly), reject with a reason, pay. Operations decide; support
 * and advisors (their own clients) read; admin sets the cap and threshold. Decisions take an
 * Idempotency-Key like every money-moving POST.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
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
import type { Claims } from './claims.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { baseUrlOf } from '../../platform/http.ts';
import {
  type CommandTools,
  type KitRequest,
  type RouteKit,
  routeKit,
} from '../../platform/route-kit.ts';
import { idParam } from '../../platform/route-params.ts';
import { staffOf, viewerOf } from '../../platform/staff-guard.ts';

const ZClaimId = idParam(CPM.claimNotFound);

export function compensationConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { claims } = ctx.compensation;
    const kit = routeKit(
      instance,
      { kind: 'staff' },
      { tags: ['console: compensation'], idempotency: ctx.idempotency },
    );
    const baseUrl = (request: FastifyRequest) => baseUrlOf(ctx.config, request);

    registerClaimReads(kit, claims, baseUrl);
    registerDecisions(kit, claims, baseUrl);
    registerSettings(kit, claims);
  };
}

type BaseUrl = (request: FastifyRequest) => string;

/** The queue and a case. */
function registerClaimReads(kit: RouteKit, claims: Claims, baseUrl: BaseUrl) {
  kit.query(
    'GET',
    '/compensation/claims',
    { access: 'compensation', querystring: ZClaimQueueQuery, response: ZPage(ZConsoleClaim) },
    async (request) => {
      const { cursor, limit, status, client_id } = request.query;
      const rows = await claims.queue(viewerOf(request), {
        status,
        clientId: client_id,
        after: decodeCursor(cursor, 2) as [string, string] | null,
        limit,
      });
      const page = pageOf(rows, limit, (r) => [r.cursorAt, r.row.id]);
      return { items: page.items.map((r) => r.view), next_cursor: page.next_cursor };
    },
  );

  kit.query(
    'GET',
    '/compensation/claims/:id',
    { access: 'compensation', params: ZClaimId, response: ZConsoleClaimDetail },
    async (request) => claims.consoleDetail(viewerOf(request), request.params.id, baseUrl(request)),
  );
}

/** Operations' decisions on a claim, each one command on `/compensation/claims/:id/…`. */
function registerDecisions(kit: RouteKit, claims: Claims, baseUrl: BaseUrl) {
  type Options = CommandTools & { staffId: string; baseUrl: string };
  const decision = <B extends z.ZodType>(
    path: string,
    body: B,
    message: string,
    run: (
      request: KitRequest<{ params: typeof ZClaimId; body: B }>,
      options: Options,
    ) => Promise<unknown>,
  ) =>
    kit.command(
      'POST',
      `/compensation/claims/:id/${path}`,
      {
        access: 'compensationDecide',
        params: ZClaimId,
        body,
        response: ZConsoleClaimDetail,
        message,
      },
      (request, tools) =>
        run(request, { ...tools, staffId: staffOf(request).staffId, baseUrl: baseUrl(request) }),
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
}

/** The cap and the two-officer threshold. */
function registerSettings(kit: RouteKit, claims: Claims) {
  kit.query(
    'GET',
    '/compensation/settings',
    { access: 'compensation', response: ZCompensationSettings },
    async () => claims.settings(),
  );

  kit.query(
    'PUT',
    '/compensation/settings',
    {
      access: 'compensationSettings',
      body: ZCompensationSettings,
      response: ZCompensationSettings,
      message: COMPENSATION_DONE.settingsSaved,
    },
    async (request) => claims.saveSettings(request.body, kit.actorOf(request)),
  );
}
