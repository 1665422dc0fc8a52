/**
 * CSV: reading an uploaded file's lines (csvCells), and writing downloads a spreadsheet opens: CRLF lines, cells quoted when needed, and a cell a
 * spreadsheet would run as a formula (=, +, -, @ first) prefixed with an apostrophe, since
 * names come from users' input. Numbers meant as numbers go through `number` unprefixed.
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** A cell holding a plain decimal number (a negative amount keeps its sign). */
export const csvNumber = (value: string) =>
  /^-?\d+(\.\d+)?$/.test(value) ? value : csvCell(value);

export const csvRow = (cells: string[]) => cells.map(csvCell).join(',');

/** Lines joined as a CSV file. */
export const csvFile = (lines: string[]) => `${lines.join('\r\n')}\r\n`;

/** One uploaded CSV line's cells, trimmed; quotes as RFC 4180 has them. */
export function csvCells(line: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i]!;
    if (quoted && ch === '"' && line[i + 1] === '"') [cell, i] = [cell + '"', i + 1];
    else if (ch === '"') quoted = !quoted;
    else if (ch === ',' && !quoted) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  return [...cells, cell.trim()];
}
