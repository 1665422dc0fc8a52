/**
 * Corporate actions in the console (docs/api-portfolio.md): operations enter one or import
 * NSE's file as proposals; a second, different officer approves (then it is applied on its
 * ex-date, or at once when that has come) or rejects it. Every step is audited.
 */
import type { FastifyInstance } from 'fastify';
import {
  istDayOf,
  ZCorporateAction,
  ZCorporateActionId,
  ZCorporateActionImport,
  ZCorporateActionImported,
  ZCorporateActionInput,
  ZCorporateActionList,
  ZCorporateActionReject,
  type TCorporateAction,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { type RouteKit, routeKit } from '../../platform/route-kit.ts';
import { staffOf } from '../../platform/staff-guard.ts';
import type { corporateActions } from './tables.ts';

type ActionRow = typeof corporateActions.$inferSelect;
type StaffNames = Map<string, { email: string }>;

const viewOf = (r: ActionRow, names: StaffNames): TCorporateAction => ({
  id: r.id,
  symbol: r.symbol,
  kind: r.kind as TCorporateAction['kind'],
  ratio_new: r.ratioNew,
  ratio_old: r.ratioOld,
  per_share_paise: r.perSharePaise === null ? null : Number(r.perSharePaise),
  new_symbol: r.newSymbol,
  ex_date: r.exDate,
  record_date: r.recordDate,
  purpose: r.purpose,
  source: r.source,
  status: r.status as TCorporateAction['status'],
  proposed_by: r.proposedBy,
  decided_by: r.decidedBy,
  proposed_by_email: r.proposedBy ? (names.get(r.proposedBy)?.email ?? null) : null,
  decided_by_email: r.decidedBy ? (names.get(r.decidedBy)?.email ?? null) : null,
  created_at: r.createdAt.toISOString(),
  decided_at: r.decidedAt?.toISOString() ?? null,
  reject_reason: r.rejectReason,
  applied_at: r.appliedAt?.toISOString() ?? null,
});

const access = 'corporateActions' as const;
type Actions = AppContext['portfolio']['actions'];
type ViewsOf = (rows: ActionRow[]) => Promise<TCorporateAction[]>;

function registerProposals(kit: RouteKit, actions: Actions, viewsOf: ViewsOf) {
  kit.query(
    'GET',
    '/portfolio/corporate-actions',
    { access, response: ZCorporateActionList },
    async () => ({ items: await viewsOf(await actions.list()) }),
  );

  kit.query(
    'POST',
    '/portfolio/corporate-actions',
    {
      access,
      body: ZCorporateActionInput,
      response: ZCorporateActionList,
      message: 'Proposed; a second officer must approve it.',
    },
    async (request) => {
      const added = await actions.add(
        [request.body],
        'console',
        kit.actorOf(request),
        staffOf(request).staffId,
      );
      return { items: await viewsOf(added) };
    },
  );

  kit.query(
    'POST',
    '/portfolio/corporate-actions/import',
    {
      access,
      body: ZCorporateActionImport,
      response: ZCorporateActionImported,
      message: 'Imported as proposals; a second officer must approve each.',
    },
    async (request) => {
      const r = await actions.importFile(
        request.body.text,
        kit.actorOf(request),
        staffOf(request).staffId,
      );
      return { added: r.added.length, already: r.already, rejected: r.rejected };
    },
  );
}

function registerDecisions(
  kit: RouteKit,
  ctx: AppContext,
  oneView: (row: ActionRow) => Promise<TCorporateAction>,
) {
  const { actions } = ctx.portfolio;
  kit.query(
    'POST',
    '/portfolio/corporate-actions/:id/approve',
    {
      access,
      params: ZCorporateActionId,
      response: ZCorporateAction,
      message: 'Approved.',
    },
    async (request) =>
      oneView(
        await actions.approve(
          request.params.id,
          staffOf(request).staffId,
          kit.actorOf(request),
          istDayOf(ctx.clock.now()),
        ),
      ),
  );

  kit.query(
    'POST',
    '/portfolio/corporate-actions/:id/reject',
    {
      access,
      params: ZCorporateActionId,
      body: ZCorporateActionReject,
      response: ZCorporateAction,
      message: 'Rejected.',
    },
    async (request) =>
      oneView(
        await actions.reject(
          request.params.id,
          staffOf(request).staffId,
          request.body.reason,
          kit.actorOf(request),
        ),
      ),
  );
}

export function portfolioConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const { actions } = ctx.portfolio;
    // Who proposed and who decided, as officers read them: one query for the whole list.
    const viewsOf = async (rows: ActionRow[]) => {
      const names = await ctx.staff.namesOf(rows.flatMap((r) => [r.proposedBy, r.decidedBy]));
      return rows.map((r) => viewOf(r, names));
    };
    const oneView = async (row: ActionRow) => (await viewsOf([row]))[0]!;
    const kit = routeKit(instance, { kind: 'staff' }, { tags: ['console: corporate actions'] });
    registerProposals(kit, actions, viewsOf);
    registerDecisions(kit, ctx, oneView);
  };
}
