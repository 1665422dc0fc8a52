/**
 * Money in the console (docs/api-funds.md): operations (and admin) work the deposit and
 * withdrawal queues and read the reconciliation; support and advisors may read a client's
 * ledger (an advisor only their own clients'). Every decision is audited by the service in
 * the transaction that makes it, and takes an Idempotency-Key like the client's POSTs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  FM,
  FUNDS_DONE,
  ZBankStatementRequest,
  ZBankStatementResult,
  ZClientLedger,
  ZConsoleDeposit,
  ZConsoleWithdrawal,
  ZDepositQueueQuery,
  ZFundsPage,
  ZFundsRejectRequest,
  ZPageQuery,
  ZReconciliation,
  ZWithdrawalPayRequest,
  ZWithdrawalQueueQuery,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { baseUrlOf, noStore } from '../../platform/http.ts';
import { ZIdempotencyHeaders } from '../../platform/idempotency.ts';
import { staffActor, staffOf, viewerOf } from '../../platform/staff-guard.ts';

const tags = ['console: funds'];
const security = [{ bearer: [] }];
const headers = ZIdempotencyHeaders;
const ZDepositId = z.object({ id: z.uuid({ error: FM.depositNotFound }) });
const ZWithdrawalId = z.object({ id: z.uuid({ error: FM.withdrawalNotFound }) });
const ZClientId = z.object({ clientId: z.uuid({ error: 'Client not found.' }) });

const scopeOf = (request: FastifyRequest) => `staff:${staffOf(request).staffId}`;
const afterOf = (cursor: string | undefined) => decodeCursor(cursor, 2) as [string, string] | null;
const statusFilter = (status: string) => (status === 'all' ? undefined : status);

export function fundsConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();
    const { funds, idempotency } = ctx;

    // ---------- Deposits ----------

    app.get(
      '/funds/deposits',
      {
        config: { access: 'deposits' },
        schema: {
          tags,
          security,
          querystring: ZDepositQueueQuery,
          response: { 200: envelopeOf(ZFundsPage(ZConsoleDeposit)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { cursor, limit, status } = request.query;
        const rows = await funds.deposits.queue(
          { status: statusFilter(status), after: afterOf(cursor), limit },
          baseUrlOf(ctx.config, request),
        );
        const page = pageOf(rows, limit, (r) => [r.cursorAt, r.row.id]);
        return ok({ items: page.items.map((r) => r.view), next_cursor: page.next_cursor });
      },
    );

    for (const action of ['confirm', 'reject'] as const) {
      app.post(
        `/funds/deposits/:id/${action}`,
        {
          config: { access: 'deposits' },
          schema: {
            tags,
            security,
            headers,
            params: ZDepositId,
            ...(action === 'reject' ? { body: ZFundsRejectRequest } : {}),
            response: { 200: envelopeOf(ZConsoleDeposit) },
          },
        },
        async (request, reply) => {
          const reason = (request.body as { reason?: string } | undefined)?.reason;
          return idempotency.run(
            request,
            reply,
            {
              scope: scopeOf(request),
              message:
                action === 'confirm' ? FUNDS_DONE.depositConfirmed : FUNDS_DONE.depositRejected,
            },
            (transaction) =>
              funds.deposits.decide(request.params.id, action, {
                staffId: staffOf(request).staffId,
                actor: staffActor(request),
                baseUrl: baseUrlOf(ctx.config, request),
                ...(reason ? { reason } : {}),
                transaction,
              }),
          );
        },
      );
    }

    app.post(
      '/funds/deposits/statement',
      {
        config: { access: 'deposits' },
        schema: {
          tags,
          security,
          headers,
          body: ZBankStatementRequest,
          response: { 200: envelopeOf(ZBankStatementResult) },
        },
      },
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          { scope: scopeOf(request), message: FUNDS_DONE.statementMatched },
          (transaction) =>
            funds.deposits.confirmStatement(
              request.body.lines.map((l) => ({ utr: l.utr, amountPaise: BigInt(l.amount_paise) })),
              {
                staffId: staffOf(request).staffId,
                actor: staffActor(request),
                baseUrl: baseUrlOf(ctx.config, request),
                transaction,
              },
            ),
        ),
    );

    // ---------- Withdrawals ----------

    app.get(
      '/funds/withdrawals',
      {
        config: { access: 'withdrawals' },
        schema: {
          tags,
          security,
          querystring: ZWithdrawalQueueQuery,
          response: { 200: envelopeOf(ZFundsPage(ZConsoleWithdrawal)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const { cursor, limit, status } = request.query;
        const rows = await funds.withdrawals.queue({
          status: statusFilter(status),
          after: afterOf(cursor),
          limit,
        });
        const page = pageOf(rows, limit, (r) => [r.cursorAt, r.row.id]);
        return ok({ items: page.items.map((r) => r.view), next_cursor: page.next_cursor });
      },
    );

    app.post(
      '/funds/withdrawals/:id/pay',
      {
        config: { access: 'withdrawals' },
        schema: {
          tags,
          security,
          headers,
          params: ZWithdrawalId,
          body: ZWithdrawalPayRequest,
          response: { 200: envelopeOf(ZConsoleWithdrawal) },
        },
      },
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          { scope: scopeOf(request), message: FUNDS_DONE.withdrawalPaid },
          (transaction) =>
            funds.withdrawals.decide(request.params.id, 'pay', {
              staffId: staffOf(request).staffId,
              actor: staffActor(request),
              bankReference: request.body.bank_reference,
              transaction,
            }),
        ),
    );

    app.post(
      '/funds/withdrawals/:id/reject',
      {
        config: { access: 'withdrawals' },
        schema: {
          tags,
          security,
          headers,
          params: ZWithdrawalId,
          body: ZFundsRejectRequest,
          response: { 200: envelopeOf(ZConsoleWithdrawal) },
        },
      },
      async (request, reply) =>
        idempotency.run(
          request,
          reply,
          { scope: scopeOf(request), message: FUNDS_DONE.withdrawalRejected },
          (transaction) =>
            funds.withdrawals.decide(request.params.id, 'reject', {
              staffId: staffOf(request).staffId,
              actor: staffActor(request),
              reason: request.body.reason,
              transaction,
            }),
        ),
    );

    // ---------- Ledger views ----------

    app.get(
      '/funds/clients/:clientId/ledger',
      {
        config: { access: 'ledger' },
        schema: {
          tags,
          security,
          params: ZClientId,
          querystring: ZPageQuery,
          response: { 200: envelopeOf(ZClientLedger) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        return ok(
          await funds.clientLedger(viewerOf(request), request.params.clientId, request.query),
        );
      },
    );

    app.get(
      '/funds/reconciliation',
      {
        config: { access: 'reconciliation' },
        schema: { tags, security, response: { 200: envelopeOf(ZReconciliation) } },
      },
      async (_request, reply) => {
        noStore(reply);
        return ok(await funds.reconciliation());
      },
    );
  };
}
