import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './schema.ts';

const src = import.meta.dirname;
const modules = path.join(src, 'modules');
const platform = path.join(src, 'platform');
const tableFiles = [
  ...readdirSync(modules)
    .map((name) => path.join(modules, name, 'tables.ts'))
    .filter((file) => existsSync(file)),
  ...readdirSync(platform)
    .filter((name) => name.endsWith('tables.ts'))
    .map((name) => path.join(platform, name)),
];

describe('the schema list drizzle-kit reads', () => {
  it('holds every table that a module or the platform defines', async () => {
    const listed = new Set<unknown>(Object.values(schema));
    const missing: string[] = [];
    for (const file of tableFiles) {
      const tables = Object.entries(await import(file)).filter(([, value]) => is(value, PgTable));
      expect(tables.length, file).toBeGreaterThan(0);
      for (const [name, table] of tables)
        if (!listed.has(table)) missing.push(`${path.relative(src, file)}: ${name}`);
    }
    expect(missing).toEqual([]);
  });
});
