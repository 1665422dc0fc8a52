import { describe, expect, it } from 'vitest';
import { dataUrlToFile } from './avatar-image';

describe('dataUrlToFile', () => {
  it('turns a JPEG data URL into avatar.jpg', async () => {
    const file = dataUrlToFile(`data:image/jpeg;base64,${btoa('\xff\xd8\xff')}`)!;
    expect(file.name).toBe('avatar.jpg');
    expect(file.type).toBe('image/jpeg');
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(new Uint8Array([0xff, 0xd8, 0xff]));
  });

  it('gives null for anything that is not a readable JPEG data URL', () => {
    expect(dataUrlToFile('data:image/png;base64,AAAA')).toBeNull();
    expect(dataUrlToFile('data:image/jpeg;base64,@@@')).toBeNull();
    expect(dataUrlToFile('')).toBeNull();
  });
});
