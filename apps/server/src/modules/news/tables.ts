import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { staff } from '../staff/tables.ts';

/** RSS 2.0 or Atom feeds whose items are imported as published articles. */
export const newsFeeds = pgTable('news_feeds', {
  id: uuid('id').primaryKey().defaultRandom(),
  url: text('url').notNull().unique(),
  name: text('name').notNull(),
  enabled: boolean('enabled').notNull().default(true),
  lastFetchedAt: timestamp('last_fetched_at', { withTimezone: true }),
  /** Why the last fetch failed; null after a good one. */
  lastError: text('last_error'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Articles written in the console (drafts until published) or imported from a feed. */
export const newsArticles = pgTable(
  'news_articles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    summary: text('summary').notNull().default(''),
    /** Plain text; paragraphs separated by blank lines. */
    body: text('body').notNull().default(''),
    /** A file name under files/news (served publicly at /files/news/<file>), or null. */
    imageFile: text('image_file'),
    source: text('source').notNull(),
    /** The original article's address, for imported items. */
    link: text('link'),
    symbols: text('symbols')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    status: text('status').notNull().default('draft'),
    feedId: uuid('feed_id').references(() => newsFeeds.id, { onDelete: 'set null' }),
    /**
     * Imported items only: the feed's address and the item's guid/id, so a second import
     * (or two imports racing) inserts nothing twice, even after a feed is removed and re-added.
     */
    guid: text('guid').unique(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdByStaffId: uuid('created_by_staff_id').references(() => staff.id),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('news_articles_published').on(t.status, t.publishedAt, t.id),
    index('news_articles_symbols').using('gin', t.symbols),
    check('news_articles_status', sql`${t.status} in ('draft','published')`),
    check('news_articles_published_at', sql`${t.status} = 'draft' or ${t.publishedAt} is not null`),
  ],
);
