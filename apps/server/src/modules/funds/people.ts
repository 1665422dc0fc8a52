/**
 * The people the console's deposit and withdrawal views name: the client (from the clients
 * module) and the staff member who decided (from the staff module), one batched query each
 * per page, or none for those the caller holds (the officer deciding; clients read with the
 * rows through `refsToJoin`). Funds never reads those modules' tables.
 */
import type { Executor } from '../../db/client.ts';
import type { ClientRef, ClientService } from '../clients/service.ts';
import type { StaffService } from '../staff/service.ts';

export type FundsPeople = {
  clients: Pick<ClientService, 'refsOf' | 'refsToJoin'>;
  staff: Pick<StaffService, 'namesOf'>;
};

/** People the caller already holds, not read again. */
export type KnownPeople = {
  /** The officer deciding now, by staff id. */
  staff?: ReadonlyMap<string, { email: string }>;
  /** Clients read with the rows (`refsToJoin`), by client id. */
  clients?: ReadonlyMap<string, Pick<ClientRef, 'uid' | 'name' | 'mobile'>>;
};

/** The listed rows with the client's UID, name and mobile and the decider's email. */
export async function withPeople<
  L extends { row: { clientId: string; decidedByStaffId: string | null } },
>(people: FundsPeople, listed: L[], executor?: Executor, known: KnownPeople = {}) {
  const knownClients = known.clients ?? new Map();
  const knownStaff = known.staff ?? new Map();
  const read = await people.clients.refsOf(
    listed.map((l) => l.row.clientId).filter((id) => !knownClients.has(id)),
    executor,
  );
  const clients = new Map([...knownClients, ...read]);
  const readStaff = await people.staff.namesOf(
    listed.map((l) => l.row.decidedByStaffId).filter((id) => id === null || !knownStaff.has(id)),
    executor,
  );
  const staff = new Map<string, { email: string }>([...knownStaff, ...readStaff]);
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
