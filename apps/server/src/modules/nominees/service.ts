/**
 * Nominees (docs/api-duties.md): the client's own view and changes, and the console's
 * read-only view. ID numbers are shown masked everywhere but the client's confirmation.
 */
import { asc, eq } from 'drizzle-orm';
import { maskIdNumber, type TNominee, type TNominees } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import { decrypt } from '../../platform/crypto.ts';
import { type NominationDeps, saveNomination } from './save-nomination.ts';
import { nominations, nominees } from './tables.ts';

type Parsed = Required<Omit<TNominee, 'guardian'>> & {
  guardian: { name: string; relationship: string } | null;
};

export function createNomineeService(deps: NominationDeps) {
  const { db } = deps;

  async function of(clientId: string): Promise<TNominees> {
    const [record] = await db.select().from(nominations).where(eq(nominations.clientId, clientId));
    // SEBI asks for nominees or a signed opt-out from every client: either one settles it.
    if (!record) return { status: 'none', nominees: [], updated_at: null, remind_on_home: true };
    const rows = await db
      .select()
      .from(nominees)
      .where(eq(nominees.clientId, clientId))
      .orderBy(asc(nominees.position));
    return {
      status: record.status as 'nominated' | 'opted_out',
      updated_at: record.updatedAt.toISOString(),
      remind_on_home: false,
      nominees: rows.map((r) => ({
        name: r.name,
        relationship: r.relationship,
        dob: r.dob,
        id_number: maskIdNumber(decrypt(r.idNoEnc, deps.dataKey)),
        address: r.address,
        share_pct: r.shareHundredths / 100,
        guardian: r.guardianName
          ? { name: r.guardianName, relationship: r.guardianRelationship ?? '' }
          : null,
      })),
    };
  }

  return {
    of,
    nominate: (clientId: string, pin: string, list: Parsed[], actor: Actor) =>
      saveNomination(deps, { clientId, pin, choice: { kind: 'nominated', list }, actor }),
    optOut: (clientId: string, pin: string, actor: Actor) =>
      saveNomination(deps, { clientId, pin, choice: { kind: 'opted_out' }, actor }),
  };
}
export type NomineeService = ReturnType<typeof createNomineeService>;
