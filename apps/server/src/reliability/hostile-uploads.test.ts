/**
 * Hostile uploads (issue 21, catalogue item 18), over real HTTP: a renamed non-image, an SVG
 * carrying script, a JPEG/HTML polyglot, a file over 20 MB and a 20000×20000 decompression bomb.
 * Each is refused with the spec's words — or, for the polyglot, accepted only as a clean
 * re-encoded JPEG that carries none of the payload — and the server's memory stays bounded.
 */
import { once } from 'node:events';
import { createDeflate, crc32 } from 'node:zlib';
import { ApiMessage, M } from '@sampada/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUpClient, sqlRows, type SignedUpClient } from '../test/helpers.ts';
import { formWith, pngImage } from '../test/images.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
let t: TestApp;
let client: SignedUpClient;

beforeAll(async () => {
  t = await buildTestApp();
  client = await signUpClient(t);
});
afterAll(() => t.close());

const upload = (bytes: Buffer, name: string, type: string) =>
  t.api.upload<{ url: string }>('/client/app/v1/image', formWith(bytes, name, type), client.token);

const storedUploads = async () =>
  (
    await sqlRows<{ n: number }>(
      t,
      `select count(*)::int as n from uploads where owner_client_id = '${client.id}'`,
    )
  )[0]!.n;

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A complete, valid greyscale PNG of side × side black pixels: ~400 KB on the wire, 400 MB
 * once decoded. Deflated row by row so the test itself never holds the decoded image.
 */
async function decompressionBomb(side: number): Promise<Buffer> {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on('data', (part: Buffer) => parts.push(part));
  const row = Buffer.alloc(side + 1); // filter byte 0, then black pixels
  for (let y = 0; y < side; y += 1) {
    if (!deflate.write(row)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', Buffer.concat(parts)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('hostile uploads', () => {
  it('refuses a text file renamed to .jpg, by its content', async () => {
    const before = await storedUploads();
    const reply = await upload(
      Buffer.from('just some notes, not a picture\n'),
      'id.jpg',
      'image/jpeg',
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(M.onlyImages);
    expect(await storedUploads()).toBe(before);
  });

  it('refuses an SVG carrying script, whatever it is called', async () => {
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="400" height="400">' +
        '<script>fetch("/auth/app/v1/client_info")</script><rect width="400" height="400"/></svg>',
    );
    for (const [name, type] of [
      ['id.svg', 'image/svg+xml'],
      ['id.png', 'image/png'],
    ] as const) {
      const reply = await upload(svg, name, type);
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(M.onlyImages);
    }
  });

  it('keeps a JPEG/HTML polyglot only as a clean re-encoded JPEG that carries none of the payload', async () => {
    const picture = await sharp(await pngImage(800, 600))
      .jpeg()
      .toBuffer();
    const payload = '<html><script>alert(document.cookie)</script></html>';
    const polyglot = Buffer.concat([picture, Buffer.from(payload), Buffer.from('PK\x03\x04')]);
    const reply = await upload(polyglot, 'id.jpg', 'image/jpeg');
    expect(reply.status).toBe(200);
    const served = await fetch(reply.body.data.url);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes('<script>')).toBe(false);
    expect(bytes.includes('PK\x03\x04')).toBe(false);
    expect((await sharp(bytes).metadata()).format).toBe('jpeg');
  });

  it('refuses a file over 20 MB with the spec’s words and stores nothing', async () => {
    const before = await storedUploads();
    const big = Buffer.alloc(21 * 1024 * 1024, 7);
    (await pngImage(400, 400)).copy(big);
    const reply = await upload(big, 'id.png', 'image/png');
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(M.imageTooLarge);
    expect(await storedUploads()).toBe(before);
  });

  it('refuses a 20000×20000 decompression bomb without decoding it: memory stays bounded', async () => {
    const bomb = await decompressionBomb(20_000);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const before = await storedUploads();
    const rssBefore = process.memoryUsage().rss;
    const reply = await upload(bomb, 'id.png', 'image/png');
    const grown = process.memoryUsage().rss - rssBefore;
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(ApiMessage.imageUnreadable);
    // Decoded it would be 400 MB; refused from its header it costs next to nothing.
    expect(grown).toBeLessThan(100 * 1024 * 1024);
    expect(await storedUploads()).toBe(before);
    console.info(
      `(18) a 20000×20000 bomb of ${bomb.length} bytes refused; RSS grew ${grown} bytes`,
    );
  });

  it('answers every refusal as a 4xx the server survives: a good image still goes through after', async () => {
    const reply = await upload(await pngImage(640, 400), 'id.png', 'image/png');
    expect(reply.status).toBe(200);
    expect((await fetch(`${t.baseUrl}/live`)).status).toBe(200);
  });
});
