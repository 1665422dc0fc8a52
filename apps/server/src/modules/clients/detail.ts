/**
 * The console's view of a client: the list row, and the full detail with the account, the
 * capability flags, the KYC record behind fresh signed links and the last reset codes. The
 * advisor, the KYC record and the reset codes come from their modules through ports given at
 * construction. Only admin and advisors see the whole ID number.
 */
import {
  maskIdNumber,
  toKycStatus,
  type TClientDetail,
  type TClientListItem,
} from '@sampada/shared';
import { isAdmin } from '../../platform/staff-guard.ts';
import type { AuthService } from '../auth/service.ts';
import type { KycService } from '../kyc/service.ts';
import type { StaffAuth } from '../staff-auth/service.ts';
import type { StaffService } from '../staff/service.ts';
import { accountNumber, type ClientRow } from './service.ts';

export type Advisors = Map<string, { id: string; email: string; name: string }>;

export const clientListItem = (row: ClientRow, advisors: Advisors): TClientListItem => {
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

export function createClientDetails(ports: {
  staff: Pick<StaffService, 'namesOf'>;
  kyc: Pick<KycService, 'detail'>;
  auth: Pick<AuthService, 'listResetCodes'>;
}) {
  return {
    /** Full detail of `row` as `viewer` may see it; signed links are made for `baseUrl`. */
    async of(row: ClientRow, viewer: StaffAuth, baseUrl: string): Promise<TClientDetail> {
      const advisors = await ports.staff.namesOf([row.advisorId]);
      const mayUnmask = isAdmin(viewer) || viewer.roles.includes('advisor');
      const kyc = await ports.kyc.detail(row.id, baseUrl, { unmasked: true });
      return {
        ...clientListItem(row, advisors),
        account: accountNumber(row.uid),
        avatar: row.avatarFile ? `/files/${row.avatarFile}` : null,
        has_pin: row.pinHash !== null,
        allow_compensation: row.allowCompensation,
        allow_bonus: row.allowBonus,
        allow_loan: row.allowLoan,
        kyc: kyc && !mayUnmask ? { ...kyc, id_no: maskIdNumber(kyc.id_no) } : kyc,
        reset_codes: await ports.auth.listResetCodes({ clientId: row.id, limit: 10 }),
      };
    },
  };
}
export type ClientDetails = ReturnType<typeof createClientDetails>;
