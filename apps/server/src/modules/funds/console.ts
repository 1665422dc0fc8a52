/**
 * Money in the console (docs/api-funds.md): operations (and admin) work the deposit and
 * withdrawal queues and read the reconciliation; support and advisors may read a client's
 * ledger (an advisor only their own clients'). Every decision is audited by the service in
 * the transaction that makes it, and takes an Idempotency-Key like the client's POSTs.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { baseUrlOf } from '../../platform/http.ts';
import { type RouteKit, routeKit } from '../../platform/route-kit.ts';
import { idParam, ZClientIdPathParam } from '../../platform/route-params.ts';
import { staffOf, viewerOf } from '../../platform/staff-guard.ts';

const ZDepositId = idParam(FM.depositNotFound);
const ZWithdrawalId = idParam(FM.withdrawalNotFound);

const afterOf = (cursor: string | undefined) => decodeCursor(cursor, 2) as [string, string] | null;
const statusFilter = (status: string) => (status === 'all' ? undefined : status);
const staffIdOf = (request: FastifyRequest) => staffOf(request).staffId;

type Funds = AppContext['funds'];
type BaseUrl = (request: FastifyRequest) => string;

export function fundsConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { funds, idempotency } = ctx;
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: funds'], idempotency });
    const baseUrl = (request: FastifyRequest) => baseUrlOf(ctx.config, request);
    registerDeposits(kit, funds, baseUrl);
    registerWithdrawals(kit, funds);
    registerLedgerViews(kit, funds);
  };
}

function registerDeposits(kit: RouteKit, funds: Funds, baseUrl: BaseUrl) {
  kit.query(
    'GET',
    '/funds/deposits',
    {
      access: 'deposits',
      querystring: ZDepositQueueQuery,
      response: ZFundsPage(ZConsoleDeposit),
    },
    async (request) => {
      const { cursor, limit, status } = request.query;
      const rows = await funds.deposits.queue(
        { status: statusFilter(status), after: afterOf(cursor), limit },
        baseUrl(request),
      );
      const page = pageOf(rows, limit, (r) => [r.cursorAt, r.row.id]);
      return { items: page.items.map((r) => r.view), next_cursor: page.next_cursor };
    },
  );

  for (const action of ['confirm', 'reject'] as const) {
    kit.command(
      'POST',
      `/funds/deposits/:id/${action}`,
      {
        access: 'deposits',
        params: ZDepositId,
        body: action === 'reject' ? ZFundsRejectRequest : undefined,
        response: ZConsoleDeposit,
        message: action === 'confirm' ? FUNDS_DONE.depositConfirmed : FUNDS_DONE.depositRejected,
      },
      (request, { transaction, actor }) => {
        const reason = (request.body as { reason?: string } | undefined)?.reason;
        return funds.deposits.decide(request.params.id, action, {
          staffId: staffIdOf(request),
          staffEmail: staffOf(request).email,
          actor,
          baseUrl: baseUrl(request),
          ...(reason ? { reason } : {}),
          transaction,
        });
      },
      action === 'confirm'
        ? (request, { claim, actor }) =>
            funds.deposits.confirmTogether({
              depositId: request.params.id,
              staffId: staffIdOf(request),
              staffEmail: staffOf(request).email,
              actor,
              baseUrl: baseUrl(request),
              claim,
            })
        : undefined,
    );
  }

  kit.command(
    'POST',
    '/funds/deposits/statement',
    {
      access: 'deposits',
      body: ZBankStatementRequest,
      response: ZBankStatementResult,
      message: FUNDS_DONE.statementMatched,
    },
    (request, { transaction, actor }) =>
      funds.deposits.confirmStatement(
        request.body.lines.map((l) => ({ utr: l.utr, amountPaise: BigInt(l.amount_paise) })),
        { staffId: staffIdOf(request), actor, baseUrl: baseUrl(request), transaction },
      ),
  );
}

function registerWithdrawals(kit: RouteKit, funds: Funds) {
  kit.query(
    'GET',
    '/funds/withdrawals',
    {
      access: 'withdrawals',
      querystring: ZWithdrawalQueueQuery,
      response: ZFundsPage(ZConsoleWithdrawal),
    },
    async (request) => {
      const { cursor, limit, status } = request.query;
      const rows = await funds.withdrawals.queue({
        status: statusFilter(status),
        after: afterOf(cursor),
        limit,
      });
      const page = pageOf(rows, limit, (r) => [r.cursorAt, r.row.id]);
      return { items: page.items.map((r) => r.view), next_cursor: page.next_cursor };
    },
  );

  kit.command(
    'POST',
    '/funds/withdrawals/:id/pay',
    {
      access: 'withdrawals',
      params: ZWithdrawalId,
      body: ZWithdrawalPayRequest,
      response: ZConsoleWithdrawal,
      message: FUNDS_DONE.withdrawalPaid,
    },
    (request, { transaction, actor }) =>
      funds.withdrawals.decide(request.params.id, 'pay', {
        staffId: staffIdOf(request),
        actor,
        bankReference: request.body.bank_reference,
        transaction,
      }),
  );

  kit.command(
    'POST',
    '/funds/withdrawals/:id/reject',
    {
      access: 'withdrawals',
      params: ZWithdrawalId,
      body: ZFundsRejectRequest,
      response: ZConsoleWithdrawal,
      message: FUNDS_DONE.withdrawalRejected,
    },
    (request, { transaction, actor }) =>
      funds.withdrawals.decide(request.params.id, 'reject', {
        staffId: staffIdOf(request),
        actor,
        reason: request.body.reason,
        transaction,
      }),
  );
}

function registerLedgerViews(kit: RouteKit, funds: Funds) {
  kit.query(
    'GET',
    '/funds/clients/:clientId/ledger',
    {
      access: 'ledger',
      params: ZClientIdPathParam,
      querystring: ZPageQuery,
      response: ZClientLedger,
    },
    async (request) =>
      funds.clientLedger(viewerOf(request), request.params.clientId, request.query),
  );

  kit.query(
    'GET',
    '/funds/reconciliation',
    { access: 'reconciliation', response: ZReconciliation },
    async () => funds.reconciliation(),
  );
}
