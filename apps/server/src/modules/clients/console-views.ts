/**
 * The console's read model of clients (docs/api-console.md): the client list and a client's
 * page, each as the viewer may see it. Advisor names come from the staff service, the KYC
 * record from the KYC service and the reset codes from the auth service; whether the ID
 * number shows in full is decided here, by ROLE_ACCESS.
 */
import {
  toKycStatus,
  type TClientDetail,
  type TClientListItem,
  type TClientListQuery,
  type TPage,
} from '@sampada/shared';
import { decodeCursor, pageOf } from '../../platform/cursor.ts';
import { assertSees, type Viewer, viewerMay } from '../../platform/viewer.ts';
import type { AuthService } from '../auth/service.ts';
import type { KycService } from '../kyc/service.ts';
import type { StaffRow, StaffService } from '../staff/service.ts';
import { accountNumber, type ClientRow, type ClientService } from './service.ts';

type Deps = {
  clients: ClientService;
  staff: Pick<StaffService, 'listStaff'>;
  kyc: Pick<KycService, 'detail'>;
  auth: Pick<AuthService, 'listResetCodes'>;
};

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

export function createClientViews({ clients, staff, kyc, auth }: Deps) {
  const advisors = async (): Promise<Advisors> =>
    new Map((await staff.listStaff()).map((s) => [s.id, s]));

  return {
    /** The clients the viewer may see, newest first; an advisor's filter applies to the others. */
    async list(
      viewer: Viewer,
      query: Omit<TClientListQuery, 'limit'> & { limit: number },
    ): Promise<TPage<TClientListItem>> {
      const { q, kyc_status, advisor_id, cursor, limit } = query;
      const rows = await clients.listClients({
        q,
        kycStatus: kyc_status,
        advisorId: viewer.seesAdvisor ?? advisor_id,
        after: decodeCursor(cursor, 2) as [string, string] | null,
        limit,
      });
      const byId = await advisors();
      const page = pageOf(rows, limit, (r) => [r.cursorAt, r.row.id]);
      return {
        items: page.items.map((r) => listItem(r.row, byId)),
        next_cursor: page.next_cursor,
      };
    },

    /**
     * A client's page (403 for another advisor's client), with the KYC record's images behind
     * fresh signed links and the ID number in full only for the roles that may read it.
     */
    async detail(viewer: Viewer, clientId: string, baseUrl: string): Promise<TClientDetail> {
      const row = await clients.byId(clientId);
      assertSees(viewer, row.advisorId);
      const byId = await advisors();
      const record = await kyc.detail(row.id, baseUrl, {
        unmasked: viewerMay(viewer, 'idNumbers'),
      });
      return {
        ...listItem(row, byId),
        account: accountNumber(row.uid),
        avatar: row.avatarFile ? `/files/${row.avatarFile}` : null,
        has_pin: row.pinHash !== null,
        allow_compensation: row.allowCompensation,
        allow_bonus: row.allowBonus,
        allow_loan: row.allowLoan,
        kyc: record,
        reset_codes: await auth.listResetCodes({ clientId: row.id, limit: 10 }),
      };
    },
  };
}
export type ClientViews = ReturnType<typeof createClientViews>;
