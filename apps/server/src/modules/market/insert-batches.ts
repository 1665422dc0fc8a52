/** Splitting rows for bulk writes. */

/** Rows per INSERT: PostgreSQL allows 65,535 parameters a statement; candles have 8 columns. */
export const chunks = <T>(rows: T[], size = 500) =>
  Array.from({ length: Math.ceil(rows.length / size) }, (_, i) =>
    rows.slice(i * size, (i + 1) * size),
  );
