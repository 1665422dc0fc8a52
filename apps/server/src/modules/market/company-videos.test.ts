/**
 * Company videos over real HTTP: staff upload an MP4 (checked by content, capped in size), the
 * company introduction links it, and the file is served with range requests (206, 416).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  COMPANY_VIDEO_MAX_BYTES,
  type TCompany,
  type TCompanyVideo,
  VideoMessage,
} from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  type SignedInStaff,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import { tinyMp4 } from './test/videos.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 120_000 });

let t: TestApp;
let advisor: SignedInStaff;
let operations: SignedInStaff;
const video = tinyMp4(4000);
beforeAll(async () => {
  t = await buildTestApp();
  await t.ctx.market.init();
  advisor = await signInStaff(t, 'advisor');
  operations = await signInStaff(t, 'operations');
});
afterAll(async () => t?.close());

const CONSOLE = '/console/api/v1/market/companies';
const upload = (symbol: string, bytes: Buffer, who = advisor, name = 'intro.mp4') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'video/mp4' }), name);
  return t.api.upload<TCompanyVideo>(`${CONSOLE}/${symbol}/video`, form, who.token);
};
const company = async (symbol: string) => {
  const response = await t.api.raw(`/stock/api/v1/company?market=NSE&s=${symbol}`, {
    headers: { 'x-api-key': t.ctx.secrets.stockApiKey },
  });
  return ((await response.json()) as { data: TCompany }).data;
};
const fetchVideo = (url: string, range?: string) =>
  t.api.raw(url, range === undefined ? {} : { headers: { range } });

describe('uploading', () => {
  it('stores an MP4 for the company, audited, and the company introduction plays it', async () => {
    const reply = await upload('INFY', video);
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({
      message: VideoMessage.uploaded,
      data: { symbol: 'INFY', size_bytes: video.length },
    });
    expect(reply.body.data.url).toMatch(/^\/files\/videos\/[a-f0-9-]{36}\.mp4$/);
    expect((await company('INFY')).video_url).toBe(reply.body.data.url);
    const audit = await sqlRows(
      t,
      `select action from audit_log where subject_type = 'company' and subject_id = 'INFY'`,
    );
    expect(audit).toEqual([{ action: 'company_video.upload' }]);
  });

  it.each([
    [
      'a JPEG named .mp4',
      Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1]),
    ],
    ['text', Buffer.from('<script>alert(1)</script>')],
    ['an MP4 cut short', tinyMp4().subarray(0, 60)],
  ])('refuses %s with 400, by content', async (_label, bytes) => {
    const reply = await upload('TCS', bytes);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(VideoMessage.notMp4);
  });

  it(`refuses a file over ${COMPANY_VIDEO_MAX_BYTES / 1024 / 1024} MB`, async () => {
    const big = tinyMp4(COMPANY_VIDEO_MAX_BYTES);
    const reply = await upload('TCS', big);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(VideoMessage.tooLarge);
  });

  it('answers 404 for an unknown company or an index, and 403 for a role without access', async () => {
    expect((await upload('NOPE', video)).status).toBe(404);
    expect((await upload('NIFTY50', video)).status).toBe(404);
    expect((await upload('TCS', video, operations)).status).toBe(403);
  });

  it('replaces a video with a new file and removes the old one', async () => {
    const first = (await upload('WIPRO', video)).body.data.url!;
    const second = (await upload('WIPRO', tinyMp4(100))).body.data.url!;
    expect(second).not.toBe(first);
    expect((await fetchVideo(second)).status).toBe(200);
    // The old file goes after the commit: wait for it to be gone.
    await vi.waitFor(async () => expect((await fetchVideo(first)).status).toBe(404), {
      timeout: 10_000,
      interval: 50,
    });

    const removed = await t.api.raw(`${CONSOLE}/WIPRO/video`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${advisor.token}` },
    });
    expect(removed.status).toBe(200);
    expect((await company('WIPRO')).video_url).toBeNull();
    // The old file goes after the commit: wait for it to be gone.
    await vi.waitFor(async () => expect((await fetchVideo(second)).status).toBe(404), {
      timeout: 10_000,
      interval: 50,
    });
    const list = await t.api.get<TCompanyVideo[]>('/console/api/v1/market/videos', advisor.token);
    expect(list.body.data.map((v) => v.symbol)).toEqual(['INFY']);
  });
});

describe('serving with range requests', () => {
  let url: string;
  beforeAll(async () => {
    url = (await upload('HDFCBANK', video)).body.data.url!;
  });

  it('serves the whole file with Accept-Ranges when no range is asked', async () => {
    const response = await fetchVideo(url);
    expect(response.status).toBe(200);
    expect(response.headers.get('accept-ranges')).toBe('bytes');
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await response.arrayBuffer()).equals(video)).toBe(true);
  });

  it.each([
    ['bytes=0-99', 0, 99],
    ['bytes=100-', 100, video.length - 1],
    ['bytes=-50', video.length - 50, video.length - 1],
    ['bytes=4000-999999', 4000, video.length - 1],
  ])('%s answers 206 with exactly those bytes', async (range, start, end) => {
    const response = await fetchVideo(url, range);
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe(`bytes ${start}-${end}/${video.length}`);
    expect(response.headers.get('content-length')).toBe(String(end - start + 1));
    const body = Buffer.from(await response.arrayBuffer());
    expect(body.equals(video.subarray(start, end + 1))).toBe(true);
  });

  it.each(['bytes=999999-', 'bytes=10-5', 'bytes=-0', 'bytes=abc', 'bytes=-'])(
    '%s answers 416 with the size',
    async (range) => {
      const response = await fetchVideo(url, range);
      expect(response.status).toBe(416);
      expect(response.headers.get('content-range')).toBe(`bytes */${video.length}`);
    },
  );

  it('serves another unit or several ranges whole (the RFC lets a server ignore them)', async () => {
    expect((await fetchVideo(url, 'items=0-5')).status).toBe(200);
    expect((await fetchVideo(url, 'bytes=0-1,5-9')).status).toBe(200);
  });

  it('answers 404 for a name that is not a stored video', async () => {
    expect(
      (await fetchVideo('/files/videos/00000000-0000-0000-0000-000000000000.mp4')).status,
    ).toBe(404);
    expect((await fetchVideo('/files/videos/..%2Fsecrets.json')).status).toBe(404);
  });
});
