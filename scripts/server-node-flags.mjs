// The Node flags the server runs with, read from `npm start`'s own command (package.json), so
// a bench that starts the compiled server itself starts it as `npm start` does (decision 085).
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** `npm start`'s flags for node (`--max-semi-space-size=64`), in order. */
export function serverNodeFlags() {
  const { scripts } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
  const words = scripts.start.split(/\s+/);
  if (words[0] !== 'node') throw new Error(`npm start runs "${words[0]}", not node`);
  return words.slice(1).filter((word) => word.startsWith('--'));
}
