import { describe, expect, it } from 'vitest';
import { isMp4 } from './mp4.ts';
import { tinyMp4 } from './test/videos.ts';

const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + body.length, 0);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};

describe('isMp4', () => {
  it('accepts a file whose boxes are ftyp, then moov and mdat', () => {
    expect(isMp4(tinyMp4())).toBe(true);
  });

  it.each([
    ['empty', Buffer.alloc(0)],
    ['a JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1])],
    ['text named .mp4', Buffer.from('<html>not a video</html>')],
    ['ftyp alone (no moov)', box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2'))],
    [
      'moov before ftyp',
      Buffer.concat([box('moov', Buffer.alloc(8)), box('ftyp', Buffer.from('isom\0\0\0\0'))]),
    ],
    ['truncated (a box runs past the end)', tinyMp4().subarray(0, 40)],
    ['trailing bytes', Buffer.concat([tinyMp4(), Buffer.from([1, 2, 3])])],
  ])('refuses %s', (_label, bytes) => {
    expect(isMp4(bytes)).toBe(false);
  });
});
