/** A minimal well-formed MP4 for tests: ftyp, a moov holding an mvhd, and some mdat bytes. */
const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};

export function tinyMp4(mdatBytes = 64): Buffer {
  const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2avc1mp41', 'latin1'));
  const moov = box('moov', box('mvhd', Buffer.alloc(100)));
  const mdat = box('mdat', Buffer.from(Array.from({ length: mdatBytes }, (_, i) => i % 256)));
  return Buffer.concat([ftyp, moov, mdat]);
}
