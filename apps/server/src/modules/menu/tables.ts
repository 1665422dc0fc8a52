import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const menuItems = pgTable('menu_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  parentId: uuid('parent_id'),
  position: integer('position').notNull().default(0),
  path: text('path').notNull(),
  name: text('name').notNull(),
  component: text('component').notNull(),
  redirect: text('redirect'),
  title: text('title').notNull(),
  icon: text('icon').notNull(),
  /** A profile capability the client must have to see the item: allow_loan, allow_bonus, allow_compensation. */
  requires: text('requires'),
  enabled: boolean('enabled').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
