/** The ledger, idempotency keys, the menu, news and the staff's sign-in. */
import { createIdempotency } from '../platform/idempotency.ts';
import type { AuthenticateStaff } from '../platform/staff-guard.ts';
import { createLedgerService } from '../modules/ledger/service.ts';
import { createMenuService } from '../modules/menu/service.ts';
import { createNewsService } from '../modules/news/service.ts';
import { createStaffAuthService } from '../modules/staff-auth/service.ts';
import type { ClientsWiring } from './clients.ts';
import type { Foundation } from './foundation.ts';

export function wireOffice(
  { db, clock, secrets, files, transitionEvents }: Foundation,
  { staff, staffSessions }: ClientsWiring,
) {
  const ledger = createLedgerService({ db, clock });
  const idempotency = createIdempotency(db, clock);
  const menu = createMenuService(db);
  const news = createNewsService({ db, clock, files, staff, events: transitionEvents });
  const staffAuth = createStaffAuthService({
    db,
    clock,
    dataKey: secrets.dataKey,
    staff,
    sessions: staffSessions,
  }) satisfies AuthenticateStaff;
  return { ledger, idempotency, menu, news, staffAuth };
}
export type OfficeWiring = ReturnType<typeof wireOffice>;
