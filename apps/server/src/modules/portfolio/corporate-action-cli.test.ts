/** `sampada corporate-action import|list|apply` against a real database; applying twice adds nothing. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCommand } from '../../cli/program.ts';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 60_000 });

let t: TestApp;
const dir = mkdtempSync(path.join(os.tmpdir(), 'ca-'));
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await t.close();
});

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCommand(t.ctx, argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('sampada corporate-action', () => {
  it('imports a file (bad rows listed), lists, applies once; the second import and apply change nothing', async () => {
    const file = path.join(dir, 'CF-CA.csv');
    writeFileSync(
      file,
      [
        'SYMBOL,COMPANY NAME,SERIES,PURPOSE,FACE VALUE,EX-DATE,RECORD DATE,BC START DATE,BC END DATE',
        'TCS,Tata Consultancy Services Limited,EQ,Dividend - Rs 20 Per Share,1,16-Jan-2025,17-Jan-2025,-,-',
        'WIPRO,Wipro Limited,EQ,Buy Back,2,31-Oct-2024,31-Oct-2024,-,-',
      ].join('\n'),
    );
    expect(await run('corporate-action', 'import', file)).toMatchObject({
      code: 0,
      out: [
        'Added 1; 0 already on record; 1 rejected.',
        'line 3 WIPRO: Purpose not understood: "Buy Back".',
      ],
    });
    expect((await run('corporate-action', 'import', file)).out[0]).toBe(
      'Added 0; 1 already on record; 1 rejected.',
    );
    expect((await run('corporate-action', 'list')).out).toEqual([
      '2025-01-16  TCS  dividend  ₹20.00  entered',
    ]);
    const applied = await run('corporate-action', 'apply', '--date', '2025-01-16');
    expect(applied.out).toEqual(['applied TCS dividend: 0 clients']);
    expect((await run('corporate-action', 'apply', '--date', '2025-01-16')).out).toEqual([]);
    expect((await run('corporate-action', 'apply', '--date', '16-01-2025')).code).not.toBe(0);
  });
});
