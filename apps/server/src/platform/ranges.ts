/**
 * HTTP range requests (RFC 9110 §14) over a whole file held in memory: what a video player
 * needs to seek. One range per request: a player asks for one at a time, and a multi-range
 * answer (multipart/byteranges) buys nothing here, so a list of ranges is served whole (the
 * RFC lets a server ignore Range). A malformed or unsatisfiable byte range answers 416.
 */
export type RangeAnswer =
  { kind: 'whole' } | { kind: 'partial'; start: number; end: number } | { kind: 'unsatisfiable' };

const BYTES = /^bytes=(.*)$/i;
const SPEC = /^\s*(\d*)\s*-\s*(\d*)\s*$/;

/** Reads a Range header against a file of `size` bytes; `end` is inclusive. */
export function readRange(header: string | undefined, size: number): RangeAnswer {
  if (header === undefined) return { kind: 'whole' };
  const bytes = BYTES.exec(header.trim());
  // Another unit is not ours to serve: the RFC says to ignore it.
  if (!bytes) return { kind: 'whole' };
  const specs = bytes[1]!.split(',');
  if (specs.length > 1) return specs.every((s) => SPEC.test(s)) ? { kind: 'whole' } : bad;
  const match = SPEC.exec(specs[0]!);
  if (!match) return bad;
  const [, first, last] = match;
  if (first === '' && last === '') return bad;
  if (first === '') {
    // A suffix: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return bad;
    return { kind: 'partial', start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || (last !== '' && Number(last) < start))
    return bad;
  return { kind: 'partial', start, end };
}

const bad: RangeAnswer = { kind: 'unsatisfiable' };
