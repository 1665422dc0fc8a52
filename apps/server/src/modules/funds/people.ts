/**
 * The people the console's deposit and withdrawal views name: the client (from the clients
 * module) and the staff member who decided (from the staff module), one batched query each
 * per page. Funds never reads those modules' tables.
 */
import type { Executor } from '../../db/client.ts';
import type { ClientService } from '../clients/service.ts';
import type { StaffService } from '../staff/service.ts';

export type FundsPeople = {
  clients: Pick<ClientService, 'refsOf'>;
  staff: Pick<StaffService, 'namesOf'>;
};

/**
 * The listed rows with the client's UID, name and mobile and the decider's email. `known`:
 * staff emails the caller already holds (the officer deciding now), not read again.
 */
export async function withPeople<
  L extends { row: { clientId: string; decidedByStaffId: string | null } },
>(
  people: FundsPeople,
  listed: L[],
  executor?: Executor,
  known: ReadonlyMap<string, { email: string }> = new Map(),
) {
  const clients = await people.clients.refsOf(
    listed.map((l) => l.row.clientId),
    executor,
  );
  const read = await people.staff.namesOf(
    listed.map((l) => l.row.decidedByStaffId).filter((id) => id === null || !known.has(id)),
    executor,
  );
  const staff = new Map<string, { email: string }>([...known, ...read]);
  return listed.map((l) => {
    const client = clients.get(l.row.clientId)!;
    return {
      ...l,
      clientUid: client.uid,
      clientName: client.name,
      clientMobile: client.mobile,
      decidedBy: l.row.decidedByStaffId ? (staff.get(l.row.decidedByStaffId)?.email ?? null) : null,
    };
  });
}
