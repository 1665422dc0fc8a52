/**
 * Whether bytes are an MP4 file, by content, never by name or declared type: the top-level
 * boxes (ISO/IEC 14496-12) must tile the file exactly, the first must be `ftyp` with a
 * printable major brand, and a `moov` (the movie's index, without which nothing plays) must
 * be among them.
 */
const PRINTABLE = /^[\x20-\x7e]{4}$/;

export function isMp4(bytes: Buffer): boolean {
  let offset = 0;
  let first = true;
  let moov = false;
  while (offset < bytes.length) {
    if (bytes.length - offset < 8) return false;
    let size = bytes.readUInt32BE(offset);
    const type = bytes.toString('latin1', offset + 4, offset + 8);
    let header = 8;
    if (size === 1) {
      if (bytes.length - offset < 16) return false;
      const large = bytes.readBigUInt64BE(offset + 8);
      if (large > BigInt(bytes.length)) return false;
      size = Number(large);
      header = 16;
    } else if (size === 0) size = bytes.length - offset; // the last box runs to the end
    if (size < header || offset + size > bytes.length || !PRINTABLE.test(type)) return false;
    if (first) {
      if (type !== 'ftyp' || size < 16) return false;
      if (!PRINTABLE.test(bytes.toString('latin1', offset + 8, offset + 12))) return false;
      first = false;
    }
    if (type === 'moov') moov = true;
    offset += size;
  }
  return !first && moov;
}
