/** The profile of spec §3 as the client app reads it, from the client's row. */
import { type TClientProfile, toKycStatus } from '@sampada/shared';
import type { ClientRow } from './client-deps.ts';

/** The account number printed on statements: the firm's prefix and the UID. */
export const accountNumber = (uid: string) => `SMP${uid}`;

export function toProfile(row: ClientRow, service: string | null): TClientProfile {
  const kycStatus = toKycStatus(row.kycStatus);
  return {
    id: row.uid,
    name: row.name,
    username: row.mobile,
    account: accountNumber(row.uid),
    avatar: row.avatarFile ? `/files/${row.avatarFile}` : null,
    vip: row.vip,
    score: row.score,
    order_num: row.orderNum,
    has_pin: row.pinHash !== null,
    allow_compensation: row.allowCompensation,
    allow_bonus: row.allowBonus,
    allow_loan: row.allowLoan,
    service,
    kycStatus,
    verified: kycStatus === 'approved',
  };
}
