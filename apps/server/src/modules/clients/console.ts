/**
 * The console's client view. Admin, operations and support see every client; an advisor
 * sees only their own. Only admin and the client's advisor change flags and scores.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  maskIdNumber,
  toKycStatus,
  type TClientDetail,
  type TClientListItem,
  ZClientAdjustmentRequest,
  ZClientDetail,
  ZClientFlagsRequest,
  ZClientListItem,
  ZClientListQuery,
  ZPage,
} from '@sampada/shared';
import type { AppContext } from '../../context.ts';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { envelopeOf, ok } from '../../platform/envelope.ts';
import { baseUrlOf, noStore } from '../../platform/http.ts';
import {
  assertOwnClient,
  clientScope,
  isAdmin,
  staffActor,
  type StaffAuth,
  staffOf,
} from '../../platform/staff-guard.ts';
import type { StaffRow } from '../staff/service.ts';
import { accountNumber, type ClientRow } from './service.ts';

const tags = ['console: clients'];
const security = [{ bearer: [] }];
const ZId = z.object({ id: z.uuid('Client not found.') });

type Advisors = Map<string, StaffRow>;

const listItem = (row: ClientRow, advisors: Advisors): TClientListItem => {
  const advisor = row.advisorId ? advisors.get(row.advisorId) : undefined;
  return {
    id: row.id,
    uid: row.uid,
    mobile: row.mobile,
    name: row.name,
    kyc_status: toKycStatus(row.kycStatus),
    advisor: advisor ? { id: advisor.id, email: advisor.email, name: advisor.name } : null,
    vip: row.vip,
    score: row.score,
    created_at: row.createdAt.toISOString(),
  };
};

/** The client of the request, if this staff member may see them; 403 otherwise. */
export async function visibleClient(
  ctx: AppContext,
  auth: StaffAuth,
  clientId: string,
): Promise<ClientRow> {
  const row = await ctx.clients.byId(clientId);
  const scope = clientScope(auth);
  if (scope) assertOwnClient(auth, row.advisorId);
  return row;
}

/** Full detail, with the KYC record's images behind fresh signed links. */
export async function clientDetail(
  ctx: AppContext,
  request: FastifyRequest,
  row: ClientRow,
): Promise<TClientDetail> {
  const auth = staffOf(request);
  const advisors: Advisors = new Map((await ctx.staff.listStaff()).map((s) => [s.id, s]));
  const mayUnmask = isAdmin(auth) || auth.roles.includes('advisor');
  const kyc = await ctx.kyc.detail(row.id, baseUrlOf(ctx.config, request), { unmasked: true });
  return {
    ...listItem(row, advisors),
    account: accountNumber(row.uid),
    avatar: row.avatarFile ? `/files/${row.avatarFile}` : null,
    has_pin: row.pinHash !== null,
    allow_compensation: row.allowCompensation,
    allow_bonus: row.allowBonus,
    allow_loan: row.allowLoan,
    kyc: kyc && !mayUnmask ? { ...kyc, id_no: maskIdNumber(kyc.id_no) } : kyc,
    reset_codes: await ctx.auth.listResetCodes({ clientId: row.id, limit: 10 }),
  };
}

export function clientsConsole(ctx: AppContext) {
  return async (instance: FastifyInstance) => {
    const app = instance.withTypeProvider<ZodTypeProvider>();

    app.get(
      '/clients',
      {
        config: { roles: ['advisor', 'operations', 'support'] },
        schema: {
          tags,
          security,
          querystring: ZClientListQuery,
          response: { 200: envelopeOf(ZPage(ZClientListItem)) },
        },
      },
      async (request, reply) => {
        noStore(reply);
        const auth = staffOf(request);
        const { q, kyc_status, advisor_id, cursor, limit } = request.query;
        const scope = clientScope(auth);
        const after = decodeCursor(cursor, 2) as [string, string] | null;
        const rows = await ctx.clients.listClients({
          q,
          kycStatus: kyc_status,
          advisorId: scope ?? advisor_id,
          after,
          limit,
        });
        const advisors: Advisors = new Map((await ctx.staff.listStaff()).map((s) => [s.id, s]));
        const page = pageOf(rows, limit, (r) => [r.cursorAt, r.row.id]);
        return ok({
          items: page.items.map((r) => listItem(r.row, advisors)),
          next_cursor: page.next_cursor,
        });
      },
    );

    app.get(
      '/clients/:id',
      {
        config: { roles: ['advisor', 'operations', 'support'] },
        schema: { tags, security, params: ZId, response: { 200: envelopeOf(ZClientDetail) } },
      },
      async (request, reply) => {
        noStore(reply);
        const row = await visibleClient(ctx, staffOf(request), request.params.id);
        return ok(await clientDetail(ctx, request, row));
      },
    );

    app.post(
      '/clients/:id/flags',
      {
        config: { roles: ['advisor'] },
        schema: {
          tags,
          security,
          params: ZId,
          body: ZClientFlagsRequest,
          response: { 200: envelopeOf(ZClientDetail) },
        },
      },
      async (request) => {
        const auth = staffOf(request);
        const before = await ctx.clients.byId(request.params.id);
        assertOwnClient(auth, before.advisorId);
        const row = await ctx.clients.setFlags(
          request.params.id,
          request.body,
          staffActor(request),
        );
        return ok(await clientDetail(ctx, request, row), 'Flags saved.');
      },
    );

    app.post(
      '/clients/:id/adjustments',
      {
        config: { roles: ['advisor'] },
        schema: {
          tags,
          security,
          params: ZId,
          body: ZClientAdjustmentRequest,
          response: { 200: envelopeOf(ZClientDetail) },
        },
      },
      async (request) => {
        const auth = staffOf(request);
        const before = await ctx.clients.byId(request.params.id);
        assertOwnClient(auth, before.advisorId);
        const row = await ctx.clients.adjust(request.params.id, request.body, staffActor(request));
        return ok(await clientDetail(ctx, request, row), 'Adjustment saved.');
      },
    );
  };
}
