/** Firm-wide settings an admin edits in the console; defaults apply until one is saved. */
import { eq } from 'drizzle-orm';
import { APP_NAME, type TFirmSettings, type TPublicSettings, ZFirmSettings } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { settings } from './tables.ts';

/** The schema lives in packages/shared so the console's settings form uses the same rules. */
export const ZSettings = ZFirmSettings;
export type TSettings = TFirmSettings;
type Key = keyof TSettings;

export const DEFAULT_SETTINGS: TSettings = {
  app_name: APP_NAME,
  regulatory_line: '',
  support: { phone: '', email: '', hours: '' },
  chat_service: null,
  deposit_bank: {
    account_name: '',
    account_number: '',
    ifsc: '',
    bank_name: '',
    branch: '',
    upi_id: '',
  },
};

export function createSettingsService(db: Db) {
  async function all(): Promise<TSettings> {
    const rows = await db.select().from(settings);
    const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    return { ...DEFAULT_SETTINGS, ...stored } as TSettings;
  }

  return {
    all,
    async publicSettings(): Promise<TPublicSettings> {
      const s = await all();
      return { app_name: s.app_name, regulatory_line: s.regulatory_line, support: s.support };
    },
    async update<K extends Key>(key: K, value: TSettings[K], actor: Actor) {
      const parsed = ZSettings.shape[key].safeParse(value);
      if (!parsed.success)
        throw badRequest(`${key}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(settings).where(eq(settings.key, key));
        await tx
          .insert(settings)
          .values({ key, value: parsed.data })
          .onConflictDoUpdate({
            target: settings.key,
            set: { value: parsed.data, updatedAt: new Date() },
          });
        await recordAudit(tx, actor, {
          action: 'settings.update',
          subjectType: 'setting',
          subjectId: key,
          before: before?.value ?? DEFAULT_SETTINGS[key],
          after: parsed.data,
        });
      });
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
