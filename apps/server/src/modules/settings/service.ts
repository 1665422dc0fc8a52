/** Firm-wide settings an admin edits in the console; defaults apply until one is saved. */
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { APP_NAME, type TPublicSettings } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import { badRequest } from '../../platform/errors.ts';
import { settings } from './tables.ts';

export const ZSettings = z.object({
  app_name: z.string().trim().min(1).max(40),
  regulatory_line: z.string().trim().max(300),
  support: z.object({
    phone: z.string().trim().max(40),
    email: z.string().trim().max(120),
    hours: z.string().trim().max(120),
  }),
  /** The chat project id of spec §3 `service`; null while the built-in chat is used. */
  chat_service: z.string().trim().max(120).nullable(),
  deposit_bank: z.object({
    account_name: z.string().trim().max(120),
    account_number: z.string().trim().max(30),
    ifsc: z.string().trim().max(11),
    bank_name: z.string().trim().max(120),
    branch: z.string().trim().max(120),
    upi_id: z.string().trim().max(120),
  }),
});
export type TSettings = z.infer<typeof ZSettings>;
type Key = keyof TSettings;

export const DEFAULT_SETTINGS: TSettings = {
  app_name: APP_NAME,
  regulatory_line: '',
  support: { phone: '', email: '', hours: '' },
  chat_service: null,
  deposit_bank: { account_name: '', account_number: '', ifsc: '', bank_name: '', branch: '', upi_id: '' },
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
      if (!parsed.success) throw badRequest(`${key}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(settings).where(eq(settings.key, key));
        await tx
          .insert(settings)
          .values({ key, value: parsed.data })
          .onConflictDoUpdate({ target: settings.key, set: { value: parsed.data, updatedAt: new Date() } });
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
