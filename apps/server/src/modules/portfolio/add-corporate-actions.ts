import type { TCorporateActionInput } from '@sampada/shared';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { CorporateActionDeps } from './corporate-action-deps.ts';
import { rowOf } from './corporate-action-rows.ts';
import type { ParsedAction, RejectedRow } from './nse-actions-file.ts';
import { parseNseActionsFile } from './nse-actions-file.ts';
import { corporateActions } from './tables.ts';

/**
 * Adds actions; one already on record (same scrip, kind and ex-date) is left as it is. With
 * `proposedBy` (a console officer) they wait for a second officer's approval.
 */
export async function addCorporateActions(
  { db, clock }: Pick<CorporateActionDeps, 'db' | 'clock'>,
  inputs: (TCorporateActionInput | ParsedAction)[],
  source: string,
  actor: Actor,
  proposedBy?: string,
) {
  return db.transaction(async (tx) => {
    const status = proposedBy ? 'proposed' : 'entered';
    const rows = inputs.map((i) => ({
      ...rowOf(i, source, clock.now()),
      status,
      proposedBy: proposedBy ?? null,
    }));
    const added = rows.length
      ? await tx.insert(corporateActions).values(rows).onConflictDoNothing().returning()
      : [];
    for (const row of added)
      await recordAudit(tx, actor, {
        action: 'portfolio.corporate_action.add',
        subjectType: 'corporate_action',
        subjectId: row.id,
        before: null,
        after: { ...row, perSharePaise: row.perSharePaise?.toString() ?? null },
      });
    return added;
  });
}

export async function importActionsFile(
  deps: Pick<CorporateActionDeps, 'db' | 'clock'>,
  text: string,
  actor: Actor,
  proposedBy?: string,
) {
  const { actions, rejected } = parseNseActionsFile(text);
  const added = await addCorporateActions(deps, actions, 'nse_file', actor, proposedBy);
  return { added, already: actions.length - added.length, rejected } as {
    added: typeof added;
    already: number;
    rejected: RejectedRow[];
  };
}
