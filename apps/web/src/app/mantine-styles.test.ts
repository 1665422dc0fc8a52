/**
 * Mantine ships one stylesheet per component and the client app imports them one by one
 * (mantine-styles.ts, layout/mantine-app-styles.ts) to keep /login small. A component used
 * without its stylesheet renders unstyled — the bell's unread badge once sat unpositioned
 * because `Indicator.css` was missing. This test reads every import from '@mantine/core' in
 * the client app and the console and fails for any component whose stylesheet (and the ones
 * it builds on) is not imported somewhere in that app.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const repo = path.resolve(import.meta.dirname, '../../../..');
const stylesDir = path.join(repo, 'node_modules/@mantine/core/styles');

/** Stylesheets a component needs besides its own (Mantine builds these on shared parts). */
const BUILT_ON: Record<string, readonly string[]> = {
  TextInput: ['Input'],
  Textarea: ['Input'],
  PasswordInput: ['Input'],
  NumberInput: ['Input'],
  PinInput: ['Input'],
  FileInput: ['Input'],
  Select: ['Input', 'Combobox'],
  Autocomplete: ['Input', 'Combobox'],
  MultiSelect: ['Input', 'Combobox', 'Pill', 'PillsInput'],
  TagsInput: ['Input', 'Combobox', 'Pill', 'PillsInput'],
  NativeSelect: ['Input'],
  Modal: ['ModalBase'],
  Drawer: ['ModalBase'],
  Checkbox: ['CheckboxIndicator', 'InlineInput'],
  Radio: ['RadioIndicator', 'InlineInput'],
  Switch: ['InlineInput'],
  Menu: ['Popover'],
  // Its highlight is a FloatingIndicator: without that sheet it sat 4 px off (issue 31).
  SegmentedControl: ['FloatingIndicator'],
  Tabs: [],
  Tooltip: [],
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The components each app imports from '@mantine/core' (types and hooks have no stylesheet). */
function componentsUsed(files: string[]) {
  const used = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(
      /import\s+(type\s+)?\{([^}]*)\}\s+from\s+'@mantine\/core'/g,
    )) {
      if (match[1]) continue;
      for (const raw of match[2]!.split(',')) {
        const name = raw
          .trim()
          .split(/\s+as\s+/)[0]!
          .trim();
        if (!name || name.startsWith('type ') || !/^[A-Z]/.test(name)) continue;
        if (!used.has(name)) used.set(name, path.relative(repo, file));
      }
    }
  }
  return used;
}

function stylesheetsImported(files: string[]) {
  const imported = new Set<string>();
  let everything = false;
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    if (text.includes("'@mantine/core/styles.css'")) everything = true;
    for (const match of text.matchAll(/'@mantine\/core\/styles\/([A-Za-z]+)\.css'/g))
      imported.add(match[1]!);
  }
  return { imported, everything };
}

describe.each(['web', 'console'])('Mantine stylesheets of apps/%s', (app) => {
  it('every component used has its stylesheet, and the ones it builds on, imported', () => {
    const files = sourceFiles(path.join(repo, 'apps', app, 'src'));
    const used = componentsUsed(files);
    const { imported, everything } = stylesheetsImported(files);
    expect(used.size).toBeGreaterThan(10);
    const missing: string[] = [];
    for (const [component, firstUse] of used) {
      const needed = [component, ...(BUILT_ON[component] ?? [])].filter((name) =>
        existsSync(path.join(stylesDir, `${name}.css`)),
      );
      for (const sheet of needed)
        if (!everything && !imported.has(sheet))
          missing.push(`${sheet}.css (for ${component}, used in ${firstUse})`);
    }
    expect(missing).toEqual([]);
  });

  it('a component from @mantine/dates comes with the dates stylesheet', () => {
    // Without it the console's day picker opened as an unstyled list of numbers (issue 31).
    const files = sourceFiles(path.join(repo, 'apps', app, 'src'));
    const users = files.filter((file) =>
      /import\s+\{[^}]*\}\s+from\s+'@mantine\/dates'/.test(readFileSync(file, 'utf8')),
    );
    const sheet = files.some((file) =>
      readFileSync(file, 'utf8').includes("'@mantine/dates/styles.css'"),
    );
    expect({ usesDates: users.length > 0, sheet }).toEqual({
      usesDates: users.length > 0,
      sheet: users.length > 0,
    });
  });
});

/** The local files a file imports, transitively (relative imports only). */
function importedFrom(entry: string, seen = new Set<string>()): Set<string> {
  if (seen.has(entry)) return seen;
  seen.add(entry);
  const text = readFileSync(entry, 'utf8');
  for (const match of text.matchAll(/from\s+'(\.{1,2}\/[^']+)'/g)) {
    const base = path.resolve(path.dirname(entry), match[1]!);
    const file = ['.tsx', '.ts', '/index.tsx', '/index.ts']
      .map((suffix) => base + suffix)
      .find((candidate) => existsSync(candidate));
    if (file) importedFrom(file, seen);
  }
  return seen;
}

describe('the sign-in page, the first screen of a cold visit', () => {
  it('has every Mantine stylesheet it uses in the public set, not only in the signed-in one', () => {
    // The signed-in set (layout/mantine-app-styles.ts) loads with the app's layout, after
    // sign-in: the language switch on /login was unstyled until then.
    const web = path.join(repo, 'apps/web/src');
    const login = importedFrom(path.join(web, 'features/auth/components/login-page.tsx'));
    const used = componentsUsed([...login]);
    const { imported } = stylesheetsImported([path.join(web, 'app/mantine-styles.ts')]);
    const missing = [...used]
      .flatMap(([component]) => [component, ...(BUILT_ON[component] ?? [])])
      .filter((name) => existsSync(path.join(stylesDir, `${name}.css`)) && !imported.has(name));
    expect(used.has('SegmentedControl')).toBe(true);
    expect([...new Set(missing)]).toEqual([]);
  });
});
