/**
 * Signed file links (issue 32, "secrets out of reach"): built from PUBLIC_URL when it is set;
 * without it, from the Host header only when that names this machine, and relative otherwise —
 * `Host: evil.example` never reaches a KYC link. The relative link still opens the file. The
 * loopback exception stays because spec §5 wants KYC image links that start with http (the
 * server's KYC form and the client app both refuse a relative one): without it, `npm start`
 * and the browser tests, which run without PUBLIC_URL, could not submit KYC.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiMessage } from '@sampada/shared';
import { buildTestApp, signUpClient, type TestApp } from '../test/helpers.ts';
import { formWith, pngImage } from '../test/images.ts';

/** POST the image with a Host header of our choosing (fetch would send the real one). */
async function uploadWithHost(t: TestApp, token: string, host: string): Promise<string> {
  const form = new Response(formWith(await pngImage(), 'id.png', 'image/png'));
  const body = Buffer.from(await form.arrayBuffer());
  const { port } = new URL(t.baseUrl);
  const answer = await new Promise<string>((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        path: '/client/app/v1/image',
        method: 'POST',
        setHost: false,
        headers: {
          host,
          authorization: `Bearer ${token}`,
          'content-type': form.headers.get('content-type')!,
          'content-length': body.length,
        },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () => resolve(text));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
  return (JSON.parse(answer) as { data: { url: string } }).data.url;
}

describe('without PUBLIC_URL', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp();
    token = (await signUpClient(t)).token;
  });
  afterAll(async () => t?.close());

  it('a foreign Host header gets a relative link, never its own name', async () => {
    const url = await uploadWithHost(t, token, 'evil.example');
    expect(url).not.toContain('evil.example');
    expect(url).toMatch(/^\/files\/private\/[0-9a-f-]{36}\?exp=\d+&sig=/);
    // The relative link opens the file on our own origin.
    const file = await t.api.raw(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/jpeg');
  });

  it('why the loopback Host keeps absolute links: the KYC form refuses a relative one (spec §5)', async () => {
    const relative = await uploadWithHost(t, token, 'evil.example');
    const absolute = await uploadWithHost(t, token, new URL(t.baseUrl).host);
    const kyc = (front: string) =>
      t.api.post(
        '/identify/app/v1',
        {
          full_name: 'Ananya Iyer',
          dob: '1990-02-28',
          id_no: 'ABCPI1234F',
          id_front_url: front,
          id_back_url: absolute,
        },
        token,
      );
    const refused = await kyc(relative);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(ApiMessage.kycImageUrl);
    expect((await kyc(absolute)).status).toBe(200);
  });

  it('a Host naming this machine gets an absolute link, as the KYC form requires', async () => {
    const { port } = new URL(t.baseUrl);
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`]) {
      expect(await uploadWithHost(t, token, host)).toMatch(
        new RegExp(`^http://${host.replace('.', '\\.')}/files/private/`),
      );
    }
  });
});

describe('with PUBLIC_URL', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await buildTestApp({ env: { PUBLIC_URL: 'https://app.sampada.example/' } });
    token = (await signUpClient(t)).token;
  });
  afterAll(async () => t?.close());

  it('every link starts with PUBLIC_URL, whatever the Host says', async () => {
    for (const host of ['evil.example', '127.0.0.1']) {
      expect(await uploadWithHost(t, token, host)).toMatch(
        /^https:\/\/app\.sampada\.example\/files\/private\//,
      );
    }
  });
});
