/** Compensation claims, bonus offers, and the applications page that lists them all. */
import { formatPaise } from '@sampada/shared';
import { AppError } from '../platform/errors.ts';
import { createApplicationService } from '../modules/applications/service.ts';
import { createCompensationService } from '../modules/compensation/service.ts';
import { createOfferService } from '../modules/offers/service.ts';
import type { ClientsWiring } from './clients.ts';
import type { Foundation } from './foundation.ts';
import type { MarketsWiring } from './markets.ts';
import type { OfficeWiring } from './office.ts';

export function wireClaims(
  { db, clock, files, transitionEvents }: Foundation,
  { clients, staff, uploads, kyc }: ClientsWiring,
  { ledger }: OfficeWiring,
  { trading, funds, credit }: MarketsWiring,
) {
  // A claim's order, deposit or withdrawal is checked to be the client's through their owners.
  const compensation = createCompensationService({
    db,
    clock,
    ledger,
    clients,
    staff,
    uploads,
    events: transitionEvents,
    async related(clientId, kind, id) {
      try {
        if (kind === 'order') {
          const order = await trading.orders.ofClient(clientId, id);
          return `Order ${order.side.toUpperCase()} ${order.quantity} ${order.symbol}`;
        }
        const row =
          kind === 'deposit'
            ? await funds.deposits.ofClient(clientId, id, '')
            : await funds.withdrawals.ofClient(clientId, id);
        return `${kind === 'deposit' ? 'Deposit' : 'Withdrawal'} of ${formatPaise(row.amount_paise)} on ${row.created_at.slice(0, 10)}`;
      } catch (error) {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }
    },
  });
  const offers = createOfferService({
    db,
    clock,
    ledger,
    clients,
    files,
    brokerage: trading.brokeragePaid,
  });
  // The applications page reads every module through its own service.
  const applications = createApplicationService({
    kyc: (clientId) => kyc.submissionsOf(clientId),
    async loans(clientId) {
      const list = await credit.loans.listOfClient(clientId);
      return Promise.all(list.map((loan) => credit.loans.ofClient(clientId, loan.id)));
    },
    claims: (clientId) => compensation.claims.applicationsOf(clientId),
    bonuses: (clientId) => offers.claimsOfClient(clientId),
    async deposits(clientId) {
      return (await funds.deposits.listOfClient(clientId, { limit: 200 }, '')).map((r) => r.view);
    },
    async withdrawals(clientId) {
      return (await funds.withdrawals.listOfClient(clientId, { limit: 200 })).map((r) => r.view);
    },
  });
  return { compensation, offers, applications };
}
export type ClaimsWiring = ReturnType<typeof wireClaims>;
