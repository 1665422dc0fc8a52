/**
 * Several instances read the same files (issue 37, decision 033): two server processes on one
 * PostgreSQL and one Redis, each with its own DATA_DIR, once with files in PostgreSQL and once
 * in S3-compatible storage (s3rver, a real S3 server, run here). A KYC image uploaded through
 * instance A is served by B byte for byte; a company video uploaded through A is read whole
 * and by a byte range through B. Then A is killed with SIGKILL in the middle of another video
 * upload, once the store has begun writing it (PostgreSQL: a chunk of an uncompleted file;
 * S3: a part file of an unfinished multipart upload in s3rver's folder): no part of that file is visible
 * through B, and the company still plays the first video. Slow: it spawns real servers. Needs DATABASE_URL
 * and REDIS_URL.
 */
import { createHash, randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import http from 'node:http';
import pg from 'pg';
import S3rver from 's3rver';
import { afterAll, describe, expect, it } from 'vitest';
import { s3FileStore, s3LocationOf } from '../modules/files/s3-store.ts';
import { tinyMp4 } from '../modules/market/test/videos.ts';
import { freshPostgresDatabase } from '../test/helpers.ts';
import { formWith, pngImage } from '../test/images.ts';
import { s3rverPartsIn } from '../test/s3rver-parts.ts';
import {
  newDataDir,
  signInDemoClient,
  signInDemoStaff,
  startServerProcess,
  type ServerProcess,
} from '../test/server-process.ts';

const shared = process.env.DATABASE_URL && process.env.REDIS_URL;
const servers: ServerProcess[] = [];
const cleanups: (() => Promise<void> | void)[] = [];
const folder = (prefix: string) => {
  const dir = newDataDir(prefix);
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
};
afterAll(async () => {
  for (const server of servers) server.child.kill('SIGKILL');
  await Promise.all(servers.map((s) => s.exited));
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(what: string, ok: () => Promise<boolean> | boolean, ms: number) {
  const deadline = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}
const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const VIDEOS = '/console/api/v1/market/companies/RELIANCE/video';
const began = Date.now();
/** Progress with the time since the file began: start-up on a loaded box takes minutes. */
const step = (what: string) =>
  console.info(`${Math.round((Date.now() - began) / 1000)} s: ${what}`);

/** Each home: its extra environment, how to see that a write has begun, its video keys. */
type Home = {
  env: Record<string, string>;
  /** From now on: true once the store holds some bytes of an upload that is not complete. */
  watchWriting: () => () => Promise<boolean> | boolean;
  videoKeys: () => Promise<string[]>;
};

async function postgresHome(url: string): Promise<Home> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  cleanups.push(() => client.end());
  return {
    env: {},
    watchWriting: () => async () =>
      (
        await client.query(
          `select 1 from stored_file_chunks c join stored_files f on f.id = c.file_id
           where f.completed_at is null limit 1`,
        )
      ).rowCount === 1,
    videoKeys: async () =>
      (
        await client.query<{ key: string }>(
          `select key from stored_files where completed_at is not null and key like 'videos/%'`,
        )
      ).rows.map((r) => r.key),
  };
}

async function s3Home(): Promise<Home> {
  const directory = folder('sampada-s3rver-');
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'sampada', configs: [] }],
  });
  const { port } = (await server.run()) as unknown as { port: number };
  cleanups.push(() => server.close());
  const url = `http://S3RVER:S3RVER@127.0.0.1:${port}/sampada/firm`;
  const store = s3FileStore(s3LocationOf(url));
  return {
    env: { S3_URL: url },
    watchWriting: () => {
      const before = new Set(s3rverPartsIn(directory));
      return () => s3rverPartsIn(directory).some((part) => !before.has(part));
    },
    videoKeys: async () => {
      const keys: string[] = [];
      for await (const key of store.keys()) if (key.startsWith('videos/')) keys.push(key);
      return keys;
    },
  };
}

/** A multipart upload sent by hand: the head and most of the file now, the rest never. */
function startUpload(baseUrl: string, token: string, bytes: Buffer, sendFirst: number) {
  const boundary = `----sampada${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="intro.mp4"\r\n` +
      'Content-Type: video/mp4\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const request = http.request(`${baseUrl}${VIDEOS}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': head.length + bytes.length + tail.length,
    },
  });
  request.on('error', () => {}); // the server is killed under it
  request.write(head);
  request.write(bytes.subarray(0, sendFirst));
  return request;
}

describe.skipIf(!shared).each([['PostgreSQL'], ['S3 (s3rver)']])(
  'files across two instances, stored in %s',
  (home) => {
    it('what A stores B serves, whole and by range; A killed mid-upload leaves no partial file', async () => {
      const database = await freshPostgresDatabase();
      cleanups.push(database.drop);
      const store = home === 'PostgreSQL' ? await postgresHome(database.url) : await s3Home();
      const env = (seed: boolean) => ({
        DATABASE_URL: database.url,
        REDIS_URL: process.env.REDIS_URL!,
        JWT_SECRET: secret,
        DATA_KEY: dataKey,
        STOCK_API_KEY: 'several-instances-files-key',
        SEED_DEMO: String(seed),
        ...store.env,
      });
      const start = async (seed: boolean) => {
        const server = await startServerProcess(folder('sampada-files-instance-'), env(seed));
        servers.push(server);
        return server;
      };
      const a = await start(true);
      const b = await start(false);
      step(`${home}: two instances up`);

      // A KYC image uploaded through A, read through B (its own DATA_DIR) byte for byte.
      const client = await signInDemoClient(a.baseUrl);
      const uploaded = await fetch(`${a.baseUrl}/client/app/v1/image?purpose=kyc`, {
        method: 'POST',
        headers: { authorization: `Bearer ${client}` },
        body: formWith(await pngImage(800, 600), 'id.png', 'image/png'),
      });
      expect(uploaded.status).toBe(200);
      const link = new URL(((await uploaded.json()) as { data: { url: string } }).data.url);
      const fromA = Buffer.from(
        await (await fetch(`${a.baseUrl}${link.pathname}${link.search}`)).arrayBuffer(),
      );
      const onB = await fetch(`${b.baseUrl}${link.pathname}${link.search}`);
      expect(onB.status).toBe(200);
      expect(sha(Buffer.from(await onB.arrayBuffer()))).toBe(sha(fromA));

      step(`${home}: the KYC image read through B`);
      // A 6 MB company video through A; B serves it whole and one range of it.
      const staff = await signInDemoStaff(a.baseUrl, 'advisor@sampada.in');
      const video = tinyMp4(6 * 1024 * 1024);
      const set = await fetch(`${a.baseUrl}${VIDEOS}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${staff}` },
        body: formWith(video, 'intro.mp4', 'video/mp4'),
      });
      expect(set.status).toBe(200);
      const url = ((await set.json()) as { data: { url: string } }).data.url;
      const whole = await fetch(`${b.baseUrl}${url}`);
      expect(whole.status).toBe(200);
      expect(sha(Buffer.from(await whole.arrayBuffer()))).toBe(sha(video));
      const part = await fetch(`${b.baseUrl}${url}`, {
        headers: { range: 'bytes=3000000-3000999' },
      });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe(`bytes 3000000-3000999/${video.length}`);
      expect(
        Buffer.from(await part.arrayBuffer()).equals(video.subarray(3_000_000, 3_001_000)),
      ).toBe(true);

      step(`${home}: the video read whole and by range through B`);
      // Another video to A: 7 MB of 8 sent, the store seen writing it, then A dies.
      const next = tinyMp4(8 * 1024 * 1024);
      const writing = store.watchWriting();
      const upload = startUpload(a.baseUrl, staff, next, 7 * 1024 * 1024);
      await until('the store writing the upload', writing, 60_000);
      a.child.kill('SIGKILL');
      await a.exited;
      upload.destroy();
      step(`${home}: A killed while the store was writing`);

      // Through B: the company still plays the first video, and no other video exists.
      const company = await fetch(`${b.baseUrl}${VIDEOS}`, {
        headers: { authorization: `Bearer ${staff}` },
      });
      expect(((await company.json()) as { data: { url: string } }).data.url).toBe(url);
      const keys = await store.videoKeys();
      expect(keys).toEqual([`videos/${url.split('/').at(-1)}`]);
      if (home === 'PostgreSQL') {
        // The half-written file's row is there, and B will not serve it.
        const rows = await sqlOf(database.url)<{ key: string }>(
          'select key from stored_files where completed_at is null',
        );
        expect(rows).toHaveLength(1);
        const hidden = await fetch(`${b.baseUrl}/files/${rows[0]!.key}`);
        expect(hidden.status).toBe(404);
      }
    }, 900_000);
  },
);

const sqlOf =
  (url: string) =>
  async <T extends pg.QueryResultRow>(text: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  };

const secret = randomBytes(32).toString('hex');
const dataKey = randomBytes(32).toString('hex');
