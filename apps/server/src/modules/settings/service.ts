/** Firm-wide settings an admin edits in the console; defaults apply until one is saved. */
import { eq, sql } from 'drizzle-orm';
import { APP_NAME, type TFirmSettings, type TPublicSettings, ZFirmSettings } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Bus } from '../../platform/bus.ts';
import { busCached } from '../../platform/bus-cached.ts';
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
  chat: {
    office_hours: { days: [1, 2, 3, 4, 5, 6], open: '09:00', close: '18:00' },
    reply_minutes: 15,
    script_url: null,
  },
  deposit_bank: {
    account_name: '',
    account_number: '',
    ifsc: '',
    bank_name: '',
    branch: '',
    upi_id: '',
  },
  trading_api: { enabled: true },
  client_2fa_required: false,
};

/** Published after a change commits; every instance (this one too) drops its cached copy. */
export const SETTINGS_CHANGED_CHANNEL = 'settings.changed';

export function createSettingsService(db: Db, bus: Bus) {
  // Read on every client_info, changed a few times a year: kept per instance (bus-cached.ts).
  const cache = busCached(bus, SETTINGS_CHANGED_CHANNEL, async (): Promise<TSettings> => {
    const rows = await db.select().from(settings);
    const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    return { ...DEFAULT_SETTINGS, ...stored } as TSettings;
  });
  const all = () => cache.get();

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
      // A null setting (chat_service back to the built-in chat) is the JSON value null: drizzle
      // would write SQL NULL, which the column refuses.
      const stored = parsed.data === null ? sql`'null'::jsonb` : parsed.data;
      await db.transaction(async (tx) => {
        const [before] = await tx.select().from(settings).where(eq(settings.key, key));
        await tx
          .insert(settings)
          .values({ key, value: stored })
          .onConflictDoUpdate({
            target: settings.key,
            set: { value: stored, updatedAt: new Date() },
          });
        await recordAudit(tx, actor, {
          action: 'settings.update',
          subjectType: 'setting',
          subjectId: key,
          before: before?.value ?? DEFAULT_SETTINGS[key],
          after: parsed.data,
        });
      });
      cache.changed(key);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
