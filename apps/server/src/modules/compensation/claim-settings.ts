/** The console's compensation settings: the cap on a claim and the two-officer threshold. */
import type { TCompensationSettings } from '@sampada/shared';
import type { Executor } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { inTransaction } from '../../platform/transaction.ts';
import type { ClaimDeps } from './claim-deps.ts';
import { compensationConfig } from './tables.ts';

/** Defaults when the console has not set them (the seed migration writes the same). */
export const DEFAULT_SETTINGS: TCompensationSettings = {
  max_claim_paise: 100_000_000, // ₹10,00,000
  approval_threshold_paise: 5_000_000, // ₹50,000
};

export async function claimSettings(
  deps: ClaimDeps,
  executor: Executor = deps.db,
): Promise<TCompensationSettings> {
  const rows = await executor.select().from(compensationConfig);
  const read = { ...DEFAULT_SETTINGS };
  for (const row of rows)
    if (row.key in read) read[row.key as keyof TCompensationSettings] = Number(row.value);
  return read;
}

export async function saveClaimSettings(
  deps: ClaimDeps,
  input: TCompensationSettings,
  actor: Actor,
) {
  return inTransaction(deps.db, async (tx) => {
    const before = await claimSettings(deps, tx);
    for (const [key, value] of Object.entries(input))
      await tx
        .insert(compensationConfig)
        .values({ key, value, updatedAt: deps.clock.now() })
        .onConflictDoUpdate({
          target: compensationConfig.key,
          set: { value, updatedAt: deps.clock.now() },
        });
    await recordAudit(tx, actor, {
      action: 'compensation.settings',
      subjectType: 'compensation_config',
      subjectId: 'settings',
      before,
      after: input,
    });
    return claimSettings(deps, tx);
  });
}
