/**
 * One list of everything a client has applied for (issue 17, `/me/application`): KYC, loans,
 * compensation claims, bonus claims, deposits and withdrawals, newest first, each with its
 * timeline and the decision's reason. Gathered only through each module's service port: this
 * module owns no table and reads none.
 */
import { APPLICATION_KIND_LABELS, type TApplication, type TApplicationKind } from '@sampada/shared';
import {
  bonusItem,
  claimItem,
  depositItem,
  filteredNewestFirst,
  kycItem,
  loanItem,
  withdrawalItem,
} from './application-items.ts';
import type { ApplicationSources } from './application-sources.ts';

export type { ApplicationSources } from './application-sources.ts';

async function listFor(
  sources: ApplicationSources,
  clientId: string,
  filter: { kind?: TApplicationKind | undefined; status?: string | undefined },
): Promise<TApplication[]> {
  const wanted = (kind: TApplicationKind) => !filter.kind || filter.kind === kind;
  const none = async () => [];
  const [kyc, loans, claims, bonuses, deposits, withdrawals] = await Promise.all([
    wanted('kyc') ? sources.kyc(clientId) : none(),
    wanted('loan') ? sources.loans(clientId) : none(),
    wanted('compensation') ? sources.claims(clientId) : none(),
    wanted('bonus') ? sources.bonuses(clientId) : none(),
    wanted('deposit') ? sources.deposits(clientId) : none(),
    wanted('withdrawal') ? sources.withdrawals(clientId) : none(),
  ]);
  const items: TApplication[] = [
    ...kyc.map(kycItem),
    ...loans.map(loanItem),
    ...claims.map(claimItem),
    ...bonuses.map(bonusItem),
    ...deposits.map(depositItem),
    ...withdrawals.map(withdrawalItem),
  ];
  return filteredNewestFirst(items, filter.status);
}

export function createApplicationService(sources: ApplicationSources) {
  return {
    listFor: (
      clientId: string,
      filter: { kind?: TApplicationKind | undefined; status?: string | undefined },
    ) => listFor(sources, clientId, filter),
    kindLabel: (kind: TApplicationKind) => APPLICATION_KIND_LABELS[kind],
  };
}
export type ApplicationService = ReturnType<typeof createApplicationService>;
