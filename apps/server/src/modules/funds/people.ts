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
  const clients = await heldAndRead(
    known.clients,
    listed.map((l) => l.row.clientId),
    (ids) => people.clients.refsOf(ids, executor),
  );
  const staff = await heldAndRead<{ email: string }>(
    known.staff,
    listed.map((l) => l.row.decidedByStaffId),
    (ids) => people.staff.namesOf(ids, executor),
  );
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

/** What the caller holds, with the rest of `ids` read in one query (none when nothing is left). */
async function heldAndRead<V>(
  held: ReadonlyMap<string, V> = new Map(),
  ids: (string | null)[],
  read: (ids: string[]) => Promise<ReadonlyMap<string, V>>,
): Promise<Map<string, V>> {
  const rest = ids.filter((id): id is string => id !== null && !held.has(id));
  return new Map([...held, ...(await read(rest))]);
}
