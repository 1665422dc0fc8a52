/** Staff changes to a client's row by hand: capability flags, VIP level, trust score; audited. */
import { eq } from 'drizzle-orm';
import { type TClientFlagsRequest, VIP_MAX } from '@sampada/shared';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { inTransaction } from '../../platform/transaction.ts';
import { assertActsFor, type Viewer } from '../../platform/viewer.ts';
import type { ClientDeps, ClientRow } from './client-deps.ts';
import { byId, wrote } from './client-row.ts';
import { clients } from './tables.ts';

const FLAG_COLUMNS = {
  allow_compensation: 'allowCompensation',
  allow_bonus: 'allowBonus',
  allow_loan: 'allowLoan',
} as const;

/**
 * Turns capability flags on or off (allow_compensation, allow_bonus, allow_loan): admin,
 * or the client's own advisor.
 */
export async function setFlags(
  deps: ClientDeps,
  viewer: Viewer,
  clientId: string,
  flags: TClientFlagsRequest,
  actor: Actor,
): Promise<ClientRow> {
  assertActsFor(viewer, (await byId(deps, clientId)).advisorId);
  const set: Partial<Record<(typeof FLAG_COLUMNS)[keyof typeof FLAG_COLUMNS], boolean>> = {};
  for (const [key, column] of Object.entries(FLAG_COLUMNS) as [
    keyof typeof FLAG_COLUMNS,
    (typeof FLAG_COLUMNS)[keyof typeof FLAG_COLUMNS],
  ][]) {
    if (flags[key] !== undefined) set[column] = flags[key];
  }
  if (Object.keys(set).length === 0) throw badRequest('Choose a flag to change.');
  const after = await inTransaction(deps.db, async (tx) => {
    const before = await byId(deps, clientId, tx);
    const [after] = await tx.update(clients).set(set).where(eq(clients.id, clientId)).returning();
    wrote(deps, tx, clientId);
    const pick = (r: ClientRow) =>
      Object.fromEntries(Object.entries(FLAG_COLUMNS).map(([key, column]) => [key, r[column]]));
    await recordAudit(tx, actor, {
      action: 'client.flags',
      subjectType: 'client',
      subjectId: clientId,
      before: pick(before),
      after: pick(after!),
    });
    return after!;
  });
  await deps.copies.settled();
  return after;
}

/**
 * Sets the VIP level (0–10) or trust score (0–100) by hand, as admin or the client's own
 * advisor; the reason is audited.
 */
export async function adjustStanding(
  deps: ClientDeps,
  viewer: Viewer,
  clientId: string,
  input: { kind: 'vip' | 'score'; value: number; reason: string },
  actor: Actor,
) {
  assertActsFor(viewer, (await byId(deps, clientId)).advisorId);
  const max = input.kind === 'vip' ? VIP_MAX : 100;
  if (!Number.isInteger(input.value) || input.value < 0 || input.value > max) {
    throw badRequest(
      `${input.kind === 'vip' ? 'VIP level' : 'Trust score'} must be a whole number from 0 to ${max}.`,
    );
  }
  const reason = input.reason.trim();
  if (!reason) throw badRequest('A reason is required.');
  const after = await inTransaction(deps.db, async (tx) => {
    const before = await byId(deps, clientId, tx);
    const [after] = await tx
      .update(clients)
      .set(input.kind === 'vip' ? { vip: input.value } : { score: input.value })
      .where(eq(clients.id, clientId))
      .returning();
    wrote(deps, tx, clientId);
    await recordAudit(tx, actor, {
      action: input.kind === 'vip' ? 'client.vip.adjust' : 'client.score.adjust',
      subjectType: 'client',
      subjectId: clientId,
      before: { [input.kind]: before[input.kind] },
      after: { [input.kind]: input.value, reason },
    });
    return after!;
  });
  await deps.copies.settled();
  return after;
}
