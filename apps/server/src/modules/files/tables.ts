import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer }>({ dataType: () => 'bytea' });

/**
 * Uploaded files kept in PostgreSQL (DATABASE_URL without S3_URL, decision 033). A file is
 * written chunk by chunk under a row with no `completed_at`, which no read sees; the last
 * step sets `completed_at` (and drops an older file of the same key) in one transaction.
 * A writer that dies leaves an incomplete row that start-up sweeps away.
 */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull(),
    size: bigint('size', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('stored_files_key_complete')
      .on(t.key)
      .where(sql`${t.completedAt} is not null`),
    index('stored_files_incomplete')
      .on(t.createdAt)
      .where(sql`${t.completedAt} is null`),
  ],
);

/** The bytes, in chunks of CHUNK_BYTES (the last shorter), numbered from 0. */
export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    fileId: uuid('file_id').notNull(),
    seq: integer('seq').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.fileId, t.seq] }),
    foreignKey({ columns: [t.fileId], foreignColumns: [storedFiles.id] }).onDelete('cascade'),
  ],
);
