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
});
