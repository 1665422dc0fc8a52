/**
 * drizzle's `is()` is patched (patches/drizzle-orm+0.45.4.patch) to remember, per class, whether
 * it is of a kind: query building asks it of every chunk of every query. These are the answers
 * the unpatched walk gives, asked twice so the second comes from what was remembered.
 */
import { Column, entityKind, is, SQL, sql, Table } from 'drizzle-orm';
import { PgColumn, PgDialect, PgTable, pgTable, text } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';

const things = pgTable('things', { name: text('name') });

describe('drizzle kind checks, remembered per class', () => {
  it('answers as the unpatched walk does, every time it is asked', () => {
    for (let round = 0; round < 2; round++) {
      expect(is(sql`select 1`, SQL)).toBe(true);
      expect(is(things, Table)).toBe(true);
      expect(is(things, PgTable)).toBe(true);
      expect(is(things.name, Column)).toBe(true);
      expect(is(things.name, PgColumn)).toBe(true);
      expect(is(things.name, Table)).toBe(false);
      expect(is(sql`x`, Column)).toBe(false);
      expect(is({ name: 'plain' }, SQL)).toBe(false);
      expect(is(null, SQL)).toBe(false);
      expect(is('text', SQL)).toBe(false);
    }
  });

  it('knows a class from another copy of drizzle by its kind, not its identity', () => {
    // What the walk exists for: two copies of the package, whose classes share a kind.
    class ForeignSql {
      static [entityKind] = 'SQL';
    }
    class ForeignChild extends ForeignSql {}
    for (let round = 0; round < 2; round++) {
      expect(is(new ForeignChild(), SQL)).toBe(true);
      expect(is(new ForeignChild(), Column)).toBe(false);
    }
  });

  it('builds the same statement text the first time and after', () => {
    const dialect = new PgDialect();
    const built = () =>
      dialect.sqlToQuery(sql`select ${things.name} from ${things} where ${things.name} = ${'a'}`);
    const expected = {
      sql: 'select "things"."name" from "things" where "things"."name" = $1',
      params: ['a'],
      typings: ['none'],
    };
    expect(built()).toEqual(expected);
    expect(built()).toEqual(expected);
  });
});

it('the installed drizzle carries the patch (npm ci applies it with patch-package)', () => {
  // Without it nothing answers wrongly, every query is only slower: this is what notices.
  expect(is.toString()).toContain('kindOfClass');
});
