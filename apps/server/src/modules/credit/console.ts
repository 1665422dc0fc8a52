/**
 * Credit in the console (docs/api-credit.md): the loan queue (applied, oldest first), a
 * loan's detail, the decisions (approve — twice by two officers above the threshold —,
 * reject with a reason, disburse, write off), the shortfall list, the product editor and the
 * maker-checker threshold. Operations decide; advisors read their own clients' loans; admin
 * does everything. Decisions take an Idempotency-Key like every money-moving POST.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  CREDIT_DONE,
  DPD_BUCKETS,
  LM,
  ZBenchmark,
  ZBenchmarkInput,
  ZConsoleLoan,
  ZConsoleLoanDetail,
  ZCreditProduct,
  ZCreditProductInput,
  ZCreditSettings,
  ZForeclosureStatement,
  ZKeyFactStatement,
  ZLoanDecisionRequest,
  ZLoanQueueQuery,
  ZLoanReasonRequest,
  ZPage,
  ZPageQuery,
  ZPostingView,
  ZShortfall,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { type RouteKit, routeKit } from '../../platform/route-kit.ts';
import { idParam } from '../../platform/route-params.ts';
import { staffOf, viewerOf } from '../../platform/staff-guard.ts';
import { keyFactsPdf, noDuesPdf } from './papers-pdf.ts';
import { productView } from './views.ts';

const ZLoanId = idParam(LM.loanNotFound);
const ZProductId = idParam(LM.productNotFound);

export function creditConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { idempotency } = ctx;
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: credit'], idempotency });

    registerLoanReads(kit, ctx);
    registerPapers(kit, ctx);
    registerDecisions(kit, ctx);
    registerDisbursal(kit, ctx);
    registerProducts(kit, ctx);
  };
}

/** The queue and a loan's detail. */
function registerLoanReads(kit: RouteKit, ctx: AppContext) {
  const { credit } = ctx;
  kit.query(
    'GET',
    '/credit/loans',
    { access: 'loans', querystring: ZLoanQueueQuery, response: ZPage(ZConsoleLoan) },
    async (request) => {
      const { cursor, limit, status, client_id, bucket } = request.query;
      const rows = await credit.loans.queue(viewerOf(request), {
        status: status === 'all' || bucket ? undefined : status,
        clientId: client_id,
        bucket,
        after: decodeCursor(cursor, 2) as [string, string] | null,
        limit,
      });
      const page = pageOf(rows, limit, (r) => [r.cursorAt, r.row.id]);
      return { items: page.items.map((r) => r.view), next_cursor: page.next_cursor };
    },
  );

  kit.query(
    'GET',
    '/credit/loans/buckets',
    {
      access: 'loans',
      description: 'Disbursed loans by days-past-due bucket: current, SMA-0, SMA-1, SMA-2, NPA.',
      response: z.object(Object.fromEntries(DPD_BUCKETS.map((b) => [b, z.number().int()]))),
    },
    async (request) => credit.loans.bucketCounts(viewerOf(request)),
  );

  kit.query(
    'GET',
    '/credit/loans/:id',
    { access: 'loans', params: ZLoanId, response: ZConsoleLoanDetail },
    async (request) => credit.loans.consoleDetail(viewerOf(request), request.params.id),
  );

  kit.query(
    'GET',
    '/credit/loans/:id/postings',
    {
      access: 'loans',
      params: ZLoanId,
      querystring: ZPageQuery,
      description:
        'The ledger postings of a loan (reference loan:<id>) with their lines, newest first.',
      response: ZPage(ZPostingView),
    },
    async (request) => credit.loans.postings(viewerOf(request), request.params.id, request.query),
  );
}

/** A loan's papers and its foreclosure statement, read-only. */
function registerPapers(kit: RouteKit, ctx: AppContext) {
  const { credit } = ctx;
  // The loan's papers, read-only: the KFS the client accepted, the no-dues letter at closure.
  kit.query(
    'GET',
    '/credit/loans/:id/kfs',
    { access: 'loans', params: ZLoanId, response: ZKeyFactStatement },
    async (request) => credit.papers.keyFacts(viewerOf(request), request.params.id),
  );

  // What closes an open loan today, as the client's app shows it (400 unless disbursed).
  kit.query(
    'GET',
    '/credit/loans/:id/foreclosure',
    { access: 'loans', params: ZLoanId, response: ZForeclosureStatement },
    async (request) => credit.papers.foreclosure(viewerOf(request), request.params.id),
  );

  kit.raw(
    'GET',
    '/credit/loans/:id/kfs/pdf',
    { access: 'loans', params: ZLoanId },
    async (request, reply) => {
      const kfs = await credit.papers.keyFacts(viewerOf(request), request.params.id);
      const loan = await credit.loans.visibleTo(viewerOf(request), request.params.id);
      const client = await ctx.clients.byId(loan.clientId);
      const pdf = await keyFactsPdf(kfs, { name: client.name ?? '', uid: client.uid });
      reply.header(
        'Content-Disposition',
        `attachment; filename="key-fact-statement-${kfs.id}.pdf"`,
      );
      return reply.type('application/pdf').send(pdf);
    },
  );

  kit.raw(
    'GET',
    '/credit/loans/:id/no-dues/pdf',
    { access: 'loans', params: ZLoanId },
    async (request, reply) => {
      const letter = await credit.papers.noDues(viewerOf(request), request.params.id);
      reply.header('Content-Disposition', `attachment; filename="no-dues-${letter.loanId}.pdf"`);
      return reply.type('application/pdf').send(await noDuesPdf(letter));
    },
  );
}

/** Approving, rejecting and writing off. */
function registerDecisions(kit: RouteKit, ctx: AppContext) {
  const { credit } = ctx;
  kit.command(
    'POST',
    '/credit/loans/:id/approve',
    {
      access: 'loanDecide',
      params: ZLoanId,
      body: ZLoanDecisionRequest,
      response: ZConsoleLoanDetail,
      message: CREDIT_DONE.approved,
    },
    (request, { transaction, actor }) =>
      credit.loans.approve(request.params.id, {
        staffId: staffOf(request).staffId,
        actor,
        reason: request.body.reason ?? null,
        transaction,
      }),
  );

  for (const action of ['reject', 'write-off'] as const) {
    kit.command(
      'POST',
      `/credit/loans/:id/${action}`,
      {
        access: 'loanDecide',
        params: ZLoanId,
        body: ZLoanReasonRequest,
        response: ZConsoleLoanDetail,
        message: action === 'reject' ? CREDIT_DONE.rejected : CREDIT_DONE.writtenOff,
      },
      (request, { transaction, actor }) => {
        const options = {
          staffId: staffOf(request).staffId,
          actor,
          reason: request.body.reason,
          transaction,
        };
        return action === 'reject'
          ? credit.loans.reject(request.params.id, options)
          : credit.loans.writeOff(request.params.id, options);
      },
    );
  }
}

/** Disbursing, invoking a pledge, and the shortfalls that lead to it. */
function registerDisbursal(kit: RouteKit, ctx: AppContext) {
  const { credit } = ctx;
  for (const action of ['disburse', 'invoke-pledge'] as const) {
    kit.command(
      'POST',
      `/credit/loans/:id/${action}`,
      {
        access: 'loanDecide',
        params: ZLoanId,
        response: ZConsoleLoanDetail,
        message: action === 'disburse' ? CREDIT_DONE.disbursed : CREDIT_DONE.pledgeInvoked,
      },
      (request, { transaction, actor }) => {
        const options = { staffId: staffOf(request).staffId, actor, transaction };
        return action === 'disburse'
          ? credit.loans.disburse(request.params.id, options)
          : credit.monitoring.invokePledge(request.params.id, options);
      },
    );
  }

  kit.query(
    'GET',
    '/credit/shortfalls',
    { access: 'loans', response: z.array(ZShortfall) },
    async (request) => credit.monitoring.shortfalls(viewerOf(request)),
  );
}

/** Products and settings (admin). */
function registerProducts(kit: RouteKit, ctx: AppContext) {
  const { credit } = ctx;
  kit.query(
    'GET',
    '/credit/products',
    { access: 'loans', response: z.array(ZCreditProduct) },
    async () => (await credit.products.all()).map(productView),
  );

  kit.query(
    'POST',
    '/credit/products',
    {
      access: 'creditProducts',
      body: ZCreditProductInput,
      response: ZCreditProduct,
      message: CREDIT_DONE.productSaved,
    },
    async (request) => credit.products.create(request.body, kit.actorOf(request)),
  );

  kit.query(
    'PUT',
    '/credit/products/:id',
    {
      access: 'creditProducts',
      params: ZProductId,
      body: ZCreditProductInput,
      response: ZCreditProduct,
      message: CREDIT_DONE.productSaved,
    },
    async (request) =>
      credit.products.update(request.params.id, request.body, kit.actorOf(request)),
  );

  // The lending benchmark of floating rates (decision 061): staff read it, admins set it.
  kit.query('GET', '/credit/benchmark', { access: 'loans', response: ZBenchmark }, async () =>
    credit.benchmark.read(),
  );

  kit.query(
    'POST',
    '/credit/benchmark',
    {
      access: 'creditProducts',
      body: ZBenchmarkInput,
      response: ZBenchmark,
      message: CREDIT_DONE.benchmarkSaved,
    },
    async (request) =>
      credit.benchmark.set(request.body, staffOf(request).staffId, kit.actorOf(request)),
  );

  kit.query('GET', '/credit/settings', { access: 'loans', response: ZCreditSettings }, async () =>
    credit.products.settings(),
  );

  kit.query(
    'PUT',
    '/credit/settings',
    {
      access: 'creditProducts',
      body: ZCreditSettings,
      response: ZCreditSettings,
      message: CREDIT_DONE.settingsSaved,
    },
    async (request) => credit.products.saveSettings(request.body, kit.actorOf(request)),
  );
}
