/**
 * Builds the app with its own `useId` in place of @mantine/hooks' (apps/web/src/lib/
 * mantine-use-id.ts says why): every Mantine component that asks for an id rendered twice on
 * mounting, the second time synchronously. Fails the build if Mantine's module is not where it
 * was, so an upgrade that moves it cannot silently bring the second render back.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Whether `source`, imported from `importer`, is Mantine's use-id module. */
export const isMantineUseId = (source: string, importer: string | undefined) =>
  /(^|\/)use-id\/use-id\.mjs$/.test(source) && /\/@mantine\/hooks\//.test(importer ?? '');

export function mantineUseId(): Plugin {
  const ours = fileURLToPath(new URL('../apps/web/src/lib/mantine-use-id.ts', import.meta.url));
  let replaced = false;
  return {
    name: 'sampada-mantine-use-id',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (!isMantineUseId(source, importer)) return null;
      replaced = true;
      return ours;
    },
    buildEnd(error) {
      if (!error && !replaced)
        this.error("mantine-use-id: @mantine/hooks' use-id module was not imported where expected");
    },
  };
}
