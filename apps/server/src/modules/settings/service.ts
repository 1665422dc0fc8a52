/** Firm-wide settings an admin edits in the console; defaults apply until one is saved. */
import { eq, sql } from 'drizzle-orm';
import { APP_NAME, type TFirmSettings, type TPublicSettings, ZFirmSettings } from '@sampada/shared';
import type { Db } from '../../db/client.ts';
import { type Actor, recordAudit } from '../../platform/audit.ts';
import type { Bus } from '../../platform/bus.ts';
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

/**
 * Settings are read on hot paths (every client_info) and change a few times a year, so they
 * are held in memory. A change empties this instance's copy before the request answers, and
 * the bus (Redis when several instances share a database) empties every other instance's.
 * Redis pub/sub drops messages while a connection is down, so a copy is also never kept
 * longer than MAX_AGE_MS.
 */
const MAX_AGE_MS = 30_000;

export function createSettingsService(db: Db, bus: Bus) {
  let cached: { settings: Promise<TSettings>; loadedAt: number } | null = null;
  let subscribed = false;
  // Nothing is kept until the subscription is live, or a change published before it would
  // be missed.
  let listening = false;

  // A load still in flight when a change commits is dropped with the rest: the next read
  // starts a new one.
  const invalidate = () => {
    cached = null;
  };

  async function load(): Promise<TSettings> {
    const rows = await db.select().from(settings);
    const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
    return { ...DEFAULT_SETTINGS, ...stored } as TSettings;
  }

  function all(): Promise<TSettings> {
    const now = performance.now();
    if (cached && now - cached.loadedAt < MAX_AGE_MS) return cached.settings;
    // Subscribed on first use, not at construction: a CLI command opens no bus connection.
    if (!subscribed) {
      subscribed = true;
      bus.subscribe(SETTINGS_CHANGED_CHANNEL, invalidate);
      void bus.whenSubscribed().then(() => {
        listening = true;
      });
    }
    const entry = { settings: load(), loadedAt: now };
    if (!listening) return entry.settings;
    cached = entry;
    // A failed read is not remembered: the next call asks the database again.
    entry.settings.catch(() => {
      if (cached === entry) cached = null;
    });
    return entry.settings;
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
      invalidate();
      bus.publish(SETTINGS_CHANGED_CHANNEL, key);
    },
  };
}
export type SettingsService = ReturnType<typeof createSettingsService>;
