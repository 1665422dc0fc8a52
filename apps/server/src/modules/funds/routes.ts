/**
 * The client's money routes (docs/api-funds.md): `/funds/app/v1/...` and the assets summary
 * `/stat/app/v1/asset`. Every money-moving POST takes an Idempotency-Key.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  FM,
  FUNDS_DONE,
  ZAssets,
  ZBankCard,
  ZBankCardAddRequest,
  ZBankCardRemoveRequest,
  ZDepositAccount,
  ZDepositListQuery,
  ZDepositRequest,
  ZDepositView,
  ZFundRecord,
  ZFundsPage,
  ZReceipt,
  ZRecordsQuery,
  ZStatementQuery,
  ZWithdrawalListQuery,
  ZWithdrawalRequest,
  ZWithdrawalView,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { baseUrlOf, clientOf } from '../../platform/http.ts';
import { type RouteKit, routeKit } from '../../platform/route-kit.ts';
import { idParam } from '../../platform/route-params.ts';
import { statementCsv, statementFileName, statementPdf } from './statement.ts';

const ZDepositId = idParam(FM.depositNotFound);
const ZWithdrawalId = idParam(FM.withdrawalNotFound);
const ZCardId = idParam(FM.bankCardNotFound);
const ZPostingId = z.object({ id: z.string().regex(/^\d{1,15}$/, FM.recordNotFound) });

const afterOf = (cursor: string | undefined) => decodeCursor(cursor, 2) as [string, string] | null;
const me = (request: FastifyRequest) => clientOf(request).clientId;

type Funds = AppContext['funds'];
type BaseUrl = (request: FastifyRequest) => string;

export function fundsRoutes(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { funds, idempotency } = ctx;
    const kit = routeKit(
      instance,
      { kind: 'client', auth: ctx.auth },
      { tags: ['funds'], idempotency },
    );
    const baseUrl = (request: FastifyRequest) => baseUrlOf(ctx.config, request);
    registerAssetsAndBankCards(kit, funds);
    registerDeposits(kit, funds, baseUrl);
    registerWithdrawals(kit, funds);
    registerRecordsAndStatements(kit, ctx, baseUrl);
  };
}

function registerAssetsAndBankCards(kit: RouteKit, funds: Funds) {
  kit.query('GET', '/stat/app/v1/asset', { response: ZAssets }, async (request) =>
    funds.records.assets(me(request)),
  );

  kit.query('GET', '/funds/app/v1/deposit-account', { response: ZDepositAccount }, async () =>
    funds.deposits.depositAccount(),
  );

  // ---------- Bank cards ----------

  kit.query('GET', '/funds/app/v1/bank-cards', { response: z.array(ZBankCard) }, async (request) =>
    funds.bankCards.list(me(request)),
  );

  kit.query(
    'POST',
    '/funds/app/v1/bank-cards',
    {
      perMinute: 10,
      body: ZBankCardAddRequest,
      response: ZBankCard,
      message: FUNDS_DONE.bankCardAdded,
    },
    async (request) => funds.bankCards.add(me(request), request.body, kit.actorOf(request)),
  );

  kit.query(
    'POST',
    '/funds/app/v1/bank-cards/:id/remove',
    {
      perMinute: 10,
      params: ZCardId,
      body: ZBankCardRemoveRequest,
      response: z.null(),
      message: FUNDS_DONE.bankCardRemoved,
    },
    async (request) => {
      const { id } = request.params;
      await funds.bankCards.remove(me(request), id, request.body.pin, kit.actorOf(request));
      return null;
    },
  );
}

function registerDeposits(kit: RouteKit, funds: Funds, baseUrl: BaseUrl) {
  kit.query(
    'GET',
    '/funds/app/v1/deposits',
    { querystring: ZDepositListQuery, response: ZFundsPage(ZDepositView) },
    async (request) => {
      const { cursor, limit, status } = request.query;
      const rows = await funds.deposits.listOfClient(
        me(request),
        { status, after: afterOf(cursor), limit },
        baseUrl(request),
      );
      const page = pageOf(rows, limit, (r) => [r.cursorAt, r.row.id]);
      return { items: page.items.map((r) => r.view), next_cursor: page.next_cursor };
    },
  );

  kit.command(
    'POST',
    '/funds/app/v1/deposits',
    {
      perMinute: 20,
      body: ZDepositRequest,
      response: ZDepositView,
      message: FUNDS_DONE.depositRequested,
    },
    (request, { transaction, actor }) =>
      funds.deposits.request(me(request), request.body, {
        baseUrl: baseUrl(request),
        actor,
        transaction,
      }),
  );

  kit.query(
    'GET',
    '/funds/app/v1/deposits/:id',
    { params: ZDepositId, response: ZDepositView },
    async (request) => funds.deposits.ofClient(me(request), request.params.id, baseUrl(request)),
  );

  kit.command(
    'POST',
    '/funds/app/v1/deposits/:id/cancel',
    { params: ZDepositId, response: ZDepositView, message: FUNDS_DONE.depositCancelled },
    (request, { transaction, actor }) =>
      funds.deposits.cancel(me(request), request.params.id, {
        baseUrl: baseUrl(request),
        actor,
        transaction,
      }),
  );
}

function registerWithdrawals(kit: RouteKit, funds: Funds) {
  kit.query(
    'GET',
    '/funds/app/v1/withdrawals',
    { querystring: ZWithdrawalListQuery, response: ZFundsPage(ZWithdrawalView) },
    async (request) => {
      const { cursor, limit, status } = request.query;
      const rows = await funds.withdrawals.listOfClient(me(request), {
        status,
        after: afterOf(cursor),
        limit,
      });
      const page = pageOf(rows, limit, (r) => [r.cursorAt, r.row.id]);
      return { items: page.items.map((r) => r.view), next_cursor: page.next_cursor };
    },
  );

  kit.command(
    'POST',
    '/funds/app/v1/withdrawals',
    {
      perMinute: 20,
      body: ZWithdrawalRequest,
      response: ZWithdrawalView,
      message: FUNDS_DONE.withdrawalRequested,
    },
    (request, tools) => funds.withdrawals.request(me(request), request.body, tools),
  );

  kit.query(
    'GET',
    '/funds/app/v1/withdrawals/:id',
    { params: ZWithdrawalId, response: ZWithdrawalView },
    async (request) => funds.withdrawals.ofClient(me(request), request.params.id),
  );

  kit.command(
    'POST',
    '/funds/app/v1/withdrawals/:id/cancel',
    { params: ZWithdrawalId, response: ZWithdrawalView, message: FUNDS_DONE.withdrawalCancelled },
    (request, tools) => funds.withdrawals.cancel(me(request), request.params.id, tools),
  );
}

function registerRecordsAndStatements(kit: RouteKit, ctx: AppContext, baseUrl: BaseUrl) {
  const { funds } = ctx;
  kit.query(
    'GET',
    '/funds/app/v1/records',
    { querystring: ZRecordsQuery, response: ZFundsPage(ZFundRecord) },
    async (request) => funds.records.list(me(request), request.query),
  );

  kit.query(
    'GET',
    '/funds/app/v1/records/:id',
    { params: ZPostingId, response: ZReceipt },
    async (request) =>
      funds.records.receipt(me(request), Number(request.params.id), baseUrl(request)),
  );

  kit.raw(
    'GET',
    '/funds/app/v1/statement',
    {
      perMinute: 20,
      querystring: ZStatementQuery,
      produces: ['text/csv', 'application/pdf'],
      description: 'The file itself (not the JSON envelope) on 200.',
    },
    async (request, reply) => {
      const { from, to, format } = request.query;
      // Put together by the statements module: the ledger's lines, the trades' charges, nominees.
      const data = await ctx.statements.funds(me(request), from, to);
      const name = statementFileName(data, format);
      reply.header('Content-Disposition', `attachment; filename="${name}"`);
      if (format === 'pdf') {
        const pdf = await statementPdf(data, { signer: ctx.documentSigner });
        return reply.type('application/pdf').send(pdf);
      }
      return reply.type('text/csv; charset=utf-8').send(statementCsv(data));
    },
  );
}
