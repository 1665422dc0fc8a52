/** Opaque list cursors (architecture.md: lists are cursor-paginated). */
import { badRequest } from './errors.ts';

export const encodeCursor = (parts: (string | number)[]) =>
  Buffer.from(JSON.stringify(parts.map(String))).toString('base64url');

export function decodeCursor(cursor: string | undefined, length: number): string[] | null {
  if (!cursor) return null;
  try {
    const parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(parts) &&
      parts.length === length &&
      parts.every((p) => typeof p === 'string')
    ) {
      return parts as string[];
    }
  } catch {
    // fall through
  }
  throw badRequest('The list cursor is not valid. Reload the list.');
}

/** One more row than asked tells whether another page exists. */
export function pageOf<T>(rows: T[], limit: number, cursorOf: (row: T) => (string | number)[]) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, next_cursor: rows.length > limit && last ? encodeCursor(cursorOf(last)) : null };
}

/** A LIKE pattern that matches `text` literally anywhere. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
