/**
 * Column shapes the modules' tables share, so that each is spelled once: money, moments, and a
 * module's own settings table. Helpers only: each module still owns and declares its tables.
 */
import { bigint, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Money in paise, read as a bigint (never a JS number, let alone a float). */
export const paise = (name: string) => bigint(name, { mode: 'bigint' });

/** A moment in time, stored with its time zone. */
export const at = (name: string) => timestamp(name, { withTimezone: true });

/** A module's settings (the charge schedule, a maker-checker threshold): JSON values by key. */
export const moduleConfigTable = <Name extends string>(name: Name) =>
  pgTable(name, {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    updatedAt: at('updated_at').notNull(),
  });
