/**
 * News over real HTTP: the client's list and article, the console's writes with their roles
 * and audit rows, images judged by content, and the RSS/Atom import against feeds served by
 * a real HTTP server on 127.0.0.1.
 */
import { createServer, type Server } from 'node:http';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  M,
  NM,
  type TNewsArticle,
  type TNewsArticleView,
  type TNewsFeedView,
  type TNewsImportResult,
  type TNewsSummary,
  type TPage,
} from '@sampada/shared';
import {
  buildTestApp,
  signInStaff,
  signUpClient,
  type SignedInStaff,
  type SignedUpClient,
  sqlRows,
  type TestApp,
} from '../../test/helpers.ts';
import { formWith, pngImage } from '../../test/images.ts';
import { ATOM_FEED, MALFORMED_FEED, RSS_FEED } from './test/feeds.ts';
import { createNewsService } from './service.ts';

const CONSOLE = '/console/api/v1';
let t: TestApp;
let client: SignedUpClient;
let admin: SignedInStaff;
let advisor: SignedInStaff;
let support: SignedInStaff;
let operations: SignedInStaff;

beforeAll(async () => {
  t = await buildTestApp();
  client = await signUpClient(t);
  admin = await signInStaff(t, 'admin');
  advisor = await signInStaff(t, 'advisor');
  support = await signInStaff(t, 'support');
  operations = await signInStaff(t, 'operations');
});
afterAll(async () => t.close());

let counter = 0;
const article = (overrides: Record<string, unknown> = {}) => ({
  title: `Market note ${++counter}`,
  summary: 'Benchmarks ended flat.',
  body: 'First paragraph.\n\nSecond paragraph.',
  symbols: ['reliance'],
  ...overrides,
});

async function createDraft(by: SignedInStaff, overrides: Record<string, unknown> = {}) {
  const reply = await t.api.post<TNewsArticleView>(
    `${CONSOLE}/news/articles`,
    article(overrides),
    by.token,
  );
  expect(reply.status).toBe(200);
  return reply.body.data;
}

/** A published article; the clock moves a second so that publication times differ. */
async function publish(overrides: Record<string, unknown> = {}) {
  const draft = await createDraft(advisor, overrides);
  t.clock.advance(1000);
  const reply = await t.api.post<TNewsArticleView>(
    `${CONSOLE}/news/articles/${draft.id}/publish`,
    {},
    advisor.token,
  );
  expect(reply.status).toBe(200);
  return reply.body.data;
}

const auditFor = (subjectId: string) =>
  sqlRows<{ action: string; actor_id: string; before: unknown; after: unknown }>(
    t,
    `select action, actor_id, before, after from audit_log where subject_id = '${subjectId}' order by id`,
  );

describe('client: GET /news/app/v1/articles', () => {
  it('answers 401 without a token', async () => {
    expect((await t.api.get('/news/app/v1/articles')).status).toBe(401);
    expect((await t.api.get(`/news/app/v1/articles/${crypto.randomUUID()}`)).status).toBe(401);
  });

  it('lists published articles newest first, page by page, and hides drafts', async () => {
    const first = await publish({ title: 'Oldest' });
    const second = await publish({ title: 'Middle', symbols: ['TCS', 'INFY'] });
    const draft = await createDraft(advisor, { title: 'Still a draft' });
    const third = await publish({ title: 'Newest' });

    const page1 = await t.api.get<TPage<TNewsSummary>>(
      '/news/app/v1/articles?limit=2',
      client.token,
    );
    expect(page1.status).toBe(200);
    expect(page1.body.data.items.map((i) => i.id)).toEqual([third.id, second.id]);
    expect(page1.body.data.next_cursor).toEqual(expect.any(String));
    const page2 = await t.api.get<TPage<TNewsSummary>>(
      `/news/app/v1/articles?limit=2&cursor=${page1.body.data.next_cursor}`,
      client.token,
    );
    expect(page2.body.data.items.map((i) => i.id)).toEqual([first.id]);
    expect(page2.body.data.next_cursor).toBeNull();

    const all = [...page1.body.data.items, ...page2.body.data.items];
    expect(all.map((i) => i.id)).not.toContain(draft.id);
    expect(all[0]).toEqual({
      id: third.id,
      title: 'Newest',
      summary: 'Benchmarks ended flat.',
      image_url: null,
      source: 'Sampada Research',
      link: null,
      symbols: ['RELIANCE'],
      published_at: third.published_at,
    });
    expect(all[0]).not.toHaveProperty('body');
  });

  it('filters by symbol, case-insensitively', async () => {
    const reply = await t.api.get<TPage<TNewsSummary>>(
      '/news/app/v1/articles?symbol=infy',
      client.token,
    );
    expect(reply.body.data.items.map((i) => i.title)).toEqual(['Middle']);
  });

  it('refuses a limit above 50 and a forged cursor with 400', async () => {
    expect((await t.api.get('/news/app/v1/articles?limit=51', client.token)).status).toBe(400);
    const forged = Buffer.from(JSON.stringify(['nope', 'x'])).toString('base64url');
    const reply = await t.api.get(`/news/app/v1/articles?cursor=${forged}`, client.token);
    expect(reply.status).toBe(400);
  });
});

describe('client: GET /news/app/v1/articles/:id', () => {
  it('answers the article with its body', async () => {
    const published = await publish({ title: 'Read me' });
    const reply = await t.api.get<TNewsArticle>(
      `/news/app/v1/articles/${published.id}`,
      client.token,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.data.title).toBe('Read me');
    expect(reply.body.data.body).toBe('First paragraph.\n\nSecond paragraph.');
  });

  it('answers 404 for unknown, malformed and unpublished ids', async () => {
    const draft = await createDraft(advisor);
    for (const id of [crypto.randomUUID(), 'not-a-uuid', draft.id]) {
      const reply = await t.api.get(`/news/app/v1/articles/${id}`, client.token);
      expect(reply.status).toBe(404);
      expect(reply.body.message).toBe(NM.notFound);
    }
  });
});

describe('console: writing and publishing', () => {
  it('takes a draft through publish and unpublish, auditing each step', async () => {
    const draft = await createDraft(advisor, { source: '' });
    expect(draft).toMatchObject({
      status: 'draft',
      published_at: null,
      imported: false,
      created_by: advisor.email,
      source: 'Sampada Research',
    });

    const edited = await t.api.post<TNewsArticleView>(
      `${CONSOLE}/news/articles/${draft.id}`,
      article({ title: 'Edited title', symbols: ['hdfcbank', 'HDFCBANK'] }),
      admin.token,
    );
    expect(edited.body.data).toMatchObject({ title: 'Edited title', symbols: ['HDFCBANK'] });

    const published = await t.api.post<TNewsArticleView>(
      `${CONSOLE}/news/articles/${draft.id}/publish`,
      {},
      advisor.token,
    );
    expect(published.body).toMatchObject({ message: 'Article published.' });
    expect(published.body.data.status).toBe('published');
    expect(published.body.data.published_at).toBe(t.clock.now().toISOString());
    const again = await t.api.post(
      `${CONSOLE}/news/articles/${draft.id}/publish`,
      {},
      advisor.token,
    );
    expect(again).toMatchObject({ status: 400, body: { message: NM.alreadyPublished } });
    expect((await t.api.get(`/news/app/v1/articles/${draft.id}`, client.token)).status).toBe(200);

    const unpublished = await t.api.post<TNewsArticleView>(
      `${CONSOLE}/news/articles/${draft.id}/unpublish`,
      {},
      advisor.token,
    );
    expect(unpublished.body.data.status).toBe('draft');
    expect((await t.api.get(`/news/app/v1/articles/${draft.id}`, client.token)).status).toBe(404);

    const audit = await auditFor(draft.id);
    expect(audit.map((a) => a.action)).toEqual([
      'news.create',
      'news.update',
      'news.publish',
      'news.unpublish',
    ]);
    expect(audit.map((a) => a.actor_id)).toEqual([advisor.id, admin.id, advisor.id, advisor.id]);
    expect(audit[1]!.before).toMatchObject({ title: draft.title });
    expect(audit[1]!.after).toMatchObject({ title: 'Edited title' });
  });

  it('will not publish an article without a summary and a body', async () => {
    const draft = await createDraft(advisor, { summary: '', body: '' });
    const reply = await t.api.post(
      `${CONSOLE}/news/articles/${draft.id}/publish`,
      {},
      advisor.token,
    );
    expect(reply).toMatchObject({ status: 400, body: { message: NM.publishNeedsText } });
  });

  it('validates with the shared messages', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ title: '  ' }, NM.titleRequired],
      [{ symbols: ['BAD SYMBOL'] }, NM.symbolInvalid],
      [{ link: 'javascript:alert(1)' }, NM.linkInvalid],
    ];
    for (const [overrides, message] of cases) {
      const reply = await t.api.post(`${CONSOLE}/news/articles`, article(overrides), advisor.token);
      expect(reply).toMatchObject({ status: 400, body: { message } });
    }
  });

  it('lists every status for the console, filtered by status and text', async () => {
    await createDraft(advisor, { title: 'Zebra draft' });
    const drafts = await t.api.get<TPage<TNewsArticleView>>(
      `${CONSOLE}/news/articles?status=draft&limit=100`,
      advisor.token,
    );
    expect(drafts.body.data.items.length).toBeGreaterThan(0);
    expect(drafts.body.data.items.every((a) => a.status === 'draft')).toBe(true);
    const found = await t.api.get<TPage<TNewsArticleView>>(
      `${CONSOLE}/news/articles?q=zebra`,
      advisor.token,
    );
    expect(found.body.data.items.map((a) => a.title)).toEqual(['Zebra draft']);
    const paged = await t.api.get<TPage<TNewsArticleView>>(
      `${CONSOLE}/news/articles?limit=1`,
      advisor.token,
    );
    const next = await t.api.get<TPage<TNewsArticleView>>(
      `${CONSOLE}/news/articles?limit=1&cursor=${paged.body.data.next_cursor}`,
      advisor.token,
    );
    expect(next.body.data.items[0]!.id).not.toBe(paged.body.data.items[0]!.id);
  });

  it('deletes an article with its image, audited', async () => {
    const published = await publish();
    const upload = await t.api.upload<TNewsArticleView>(
      `${CONSOLE}/news/articles/${published.id}/image`,
      formWith(await pngImage(), 'chart.png', 'image/png'),
      advisor.token,
    );
    const imageUrl = upload.body.data.image_url!;
    const reply = await t.api.post(
      `${CONSOLE}/news/articles/${published.id}/delete`,
      {},
      advisor.token,
    );
    expect(reply).toMatchObject({ status: 200, body: { message: 'Article deleted.' } });
    expect((await t.api.get(`/news/app/v1/articles/${published.id}`, client.token)).status).toBe(
      404,
    );
    expect((await t.api.raw(imageUrl)).status).toBe(404);
    expect((await auditFor(published.id)).at(-1)).toMatchObject({ action: 'news.delete' });
  });
});

describe('console: images', () => {
  it('re-encodes an uploaded image as JPEG and serves it publicly at /files/news', async () => {
    const published = await publish();
    const reply = await t.api.upload<TNewsArticleView>(
      `${CONSOLE}/news/articles/${published.id}/image`,
      formWith(await pngImage(800, 450), 'chart.png', 'image/png'),
      advisor.token,
    );
    expect(reply.status).toBe(200);
    const url = reply.body.data.image_url!;
    expect(url).toMatch(/^\/files\/news\/[0-9a-f-]{36}\.jpg$/);
    const served = await t.api.raw(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('jpeg');

    const listed = await t.api.get<TNewsArticle>(
      `/news/app/v1/articles/${published.id}`,
      client.token,
    );
    expect(listed.body.data.image_url).toBe(url);
    const audit = await auditFor(published.id);
    expect(audit.at(-1)).toMatchObject({ action: 'news.image', actor_id: advisor.id });

    const removed = await t.api.post<TNewsArticleView>(
      `${CONSOLE}/news/articles/${published.id}/image/remove`,
      {},
      advisor.token,
    );
    expect(removed.body.data.image_url).toBeNull();
    expect((await t.api.raw(url)).status).toBe(404);
  });

  it('judges the file by its content: a renamed text file is refused', async () => {
    const draft = await createDraft(advisor);
    const reply = await t.api.upload(
      `${CONSOLE}/news/articles/${draft.id}/image`,
      formWith(Buffer.from('this is not an image at all'), 'photo.jpg', 'image/jpeg'),
      advisor.token,
    );
    expect(reply).toMatchObject({ status: 400, body: { message: M.onlyImages } });
    expect((await auditFor(draft.id)).map((a) => a.action)).toEqual(['news.create']);
  });

  it('serves nothing for names it did not give out', async () => {
    for (const name of ['..%2F..%2Fsecrets.json', 'x.jpg', `${crypto.randomUUID()}.jpg`]) {
      expect((await t.api.raw(`/files/news/${name}`)).status).toBe(404);
    }
  });
});

describe('console: roles', () => {
  it('lets support and operations do nothing with news, and advisors and admins everything', async () => {
    const target = await createDraft(advisor);
    const feed = (
      await t.api.post<TNewsFeedView>(
        `${CONSOLE}/news/feeds`,
        { url: 'http://127.0.0.1:9/roles.xml', name: 'Roles feed', enabled: false },
        admin.token,
      )
    ).body.data;
    const calls: [string, string, unknown?][] = [
      ['GET', '/news/articles'],
      ['GET', `/news/articles/${target.id}`],
      ['POST', '/news/articles', article()],
      ['POST', `/news/articles/${target.id}`, article()],
      ['POST', `/news/articles/${target.id}/publish`, {}],
      ['POST', `/news/articles/${target.id}/unpublish`, {}],
      ['POST', `/news/articles/${target.id}/image/remove`, {}],
      ['POST', `/news/articles/${target.id}/delete`, {}],
      ['GET', '/news/feeds'],
      ['POST', '/news/feeds', { url: 'http://127.0.0.1:9/x.xml', name: 'X' }],
      ['POST', `/news/feeds/${feed.id}`, { enabled: false }],
      ['POST', `/news/feeds/${feed.id}/delete`, {}],
      ['POST', '/news/import', {}],
    ];
    for (const who of [support, operations]) {
      for (const [method, path, body] of calls) {
        const reply =
          method === 'GET'
            ? await t.api.get(`${CONSOLE}${path}`, who.token)
            : await t.api.post(`${CONSOLE}${path}`, body, who.token);
        expect(reply.status, `${method} ${path}`).toBe(403);
      }
    }
    const upload = await t.api.upload(
      `${CONSOLE}/news/articles/${target.id}/image`,
      formWith(await pngImage(), 'a.png', 'image/png'),
      support.token,
    );
    expect(upload.status).toBe(403);
    expect((await auditFor(target.id)).map((a) => a.action)).toEqual(['news.create']);
    expect((await t.api.get(`${CONSOLE}/news/articles`)).status).toBe(401);
    // The same list succeeds for an advisor and an admin.
    for (const who of [advisor, admin]) {
      expect((await t.api.get(`${CONSOLE}/news/articles`, who.token)).status).toBe(200);
      expect((await t.api.get(`${CONSOLE}/news/feeds`, who.token)).status).toBe(200);
    }
  });
});

describe('feeds and import', () => {
  let server: Server;
  let base: string;
  const hits: Record<string, number> = {};

  beforeAll(async () => {
    const documents: Record<string, [number, string, string]> = {
      '/rss.xml': [200, 'application/rss+xml', RSS_FEED],
      '/atom.xml': [200, 'application/atom+xml', ATOM_FEED],
      '/broken.xml': [200, 'application/xml', MALFORMED_FEED],
      '/gone.xml': [500, 'text/plain', 'internal error'],
    };
    server = createServer((request, response) => {
      hits[request.url ?? '/'] = (hits[request.url ?? '/'] ?? 0) + 1;
      // The query only makes feed addresses distinct; every address serves its path's document.
      const path = (request.url ?? '/').split('?')[0]!;
      const [status, type, body] = documents[path] ?? [404, 'text/plain', 'not found'];
      response.writeHead(status, { 'content-type': type }).end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterAll(async () => new Promise<void>((resolve) => server.close(() => resolve())));

  const addFeed = async (path: string, name: string, enabled = true) => {
    const reply = await t.api.post<TNewsFeedView>(
      `${CONSOLE}/news/feeds`,
      { url: `${base}${path}`, name, enabled },
      advisor.token,
    );
    expect(reply.status).toBe(200);
    return reply.body.data;
  };
  const runImport = () =>
    t.api.post<TNewsImportResult>(`${CONSOLE}/news/import`, {}, advisor.token);

  it('imports RSS and Atom items as published, skips them the second time, and records a broken feed', async () => {
    const rss = await addFeed('/rss.xml', 'Example Markets');
    const atom = await addFeed('/atom.xml', 'Example Economy');
    const broken = await addFeed('/broken.xml', 'Broken Feed');
    const gone = await addFeed('/gone.xml', 'Gone Feed');
    const off = await addFeed('/rss.xml?off', 'Disabled', false);

    const first = await runImport();
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ imported: 4, skipped: 0 });
    const byFeed = Object.fromEntries(first.body.data.feeds.map((f) => [f.feed_id, f]));
    expect(byFeed[rss.id]).toMatchObject({ imported: 2, skipped: 0, error: null });
    expect(byFeed[atom.id]).toMatchObject({ imported: 2, skipped: 0, error: null });
    expect(byFeed[broken.id]!.error).toMatch(/not well-formed/);
    expect(byFeed[gone.id]!.error).toBe('The feed answered HTTP 500.');
    expect(byFeed[off.id]).toBeUndefined();
    expect(hits['/rss.xml?off']).toBeUndefined();

    const second = await runImport();
    expect(second.body.data).toMatchObject({ imported: 0, skipped: 4 });
    expect(second.body.message).toBe('Imported 0, skipped 4 already imported.');

    const feeds = (await t.api.get<TNewsFeedView[]>(`${CONSOLE}/news/feeds`, advisor.token)).body
      .data;
    const feedById = Object.fromEntries(feeds.map((f) => [f.id, f]));
    expect(feedById[rss.id]).toMatchObject({ last_error: null });
    expect(feedById[rss.id]!.last_fetched_at).toEqual(expect.any(String));
    expect(feedById[broken.id]!.last_error).toMatch(/not well-formed/);
    expect(feedById[off.id]!.last_fetched_at).toBeNull();

    // The client sees the imported items, with the feed as source and the original link.
    const list = await t.api.get<TPage<TNewsSummary>>(
      '/news/app/v1/articles?limit=50',
      client.token,
    );
    const imported = list.body.data.items.filter((i) => i.source.startsWith('Example'));
    expect(imported.map((i) => i.title).sort()).toEqual([
      'Bond yields flat',
      'GDP data due on Friday',
      'Rupee steady against the dollar',
      'Sensex ends higher & Nifty gains',
    ]);
    const sensex = imported.find((i) => i.title.startsWith('Sensex'))!;
    expect(sensex).toMatchObject({
      source: 'Example Markets',
      link: 'https://markets.example.in/story/1',
      published_at: '2026-03-02T05:00:00.000Z',
    });
    const full = await t.api.get<TNewsArticle>(`/news/app/v1/articles/${sensex.id}`, client.token);
    expect(full.body.data.body).toBe('Benchmarks rose in late trade.\n\nBanks led gains.');

    const runs = await sqlRows<{ actor_id: string }>(
      t,
      `select actor_id from audit_log where action = 'news.import'`,
    );
    expect(runs).toHaveLength(2);
    expect(runs[0]!.actor_id).toBe(advisor.id);

    // Imported items can be edited and unpublished in the console like any other.
    const view = (
      await t.api.get<TNewsArticleView>(`${CONSOLE}/news/articles/${sensex.id}`, advisor.token)
    ).body.data;
    expect(view).toMatchObject({ imported: true, created_by: null, status: 'published' });
  });

  it('imports nothing twice when two instances import at once', async () => {
    await addFeed('/atom.xml?race', 'Race Feed');
    const system = { type: 'system', id: 'test' } as const;
    const instance = () =>
      createNewsService({
        db: t.ctx.db,
        clock: t.clock,
        files: t.ctx.files,
        staff: t.ctx.staff,
      });
    const [a, b] = await Promise.all([
      instance().feeds.importNow(system),
      instance().feeds.importNow(system),
    ]);
    const raceA = a.feeds.find((f) => f.name === 'Race Feed')!;
    const raceB = b.feeds.find((f) => f.name === 'Race Feed')!;
    expect(raceA.imported + raceB.imported).toBe(2);
    expect(raceA.skipped + raceB.skipped).toBe(2);
    const rows = await sqlRows(t, `select id from news_articles where source = 'Race Feed'`);
    expect(rows).toHaveLength(2);
  });

  it('joins a run already under way in the same process instead of starting another', async () => {
    const before = hits['/rss.xml'] ?? 0;
    const system = { type: 'system', id: 'test' } as const;
    const [a, b] = await Promise.all([
      t.ctx.news.feeds.importNow(system),
      t.ctx.news.feeds.importNow(system),
    ]);
    expect(a).toBe(b);
    expect(hits['/rss.xml']).toBe(before + 1);
  });

  it('refuses a feed added twice and a feed address that is not http(s)', async () => {
    await addFeed('/twice.xml', 'Twice');
    const again = await t.api.post(
      `${CONSOLE}/news/feeds`,
      { url: `${base}/twice.xml`, name: 'Twice again' },
      advisor.token,
    );
    expect(again).toMatchObject({ status: 409, body: { message: NM.feedExists } });
    const ftp = await t.api.post(
      `${CONSOLE}/news/feeds`,
      { url: 'ftp://example.in/feed', name: 'FTP' },
      advisor.token,
    );
    expect(ftp).toMatchObject({ status: 400, body: { message: NM.feedUrlInvalid } });
  });

  it('disables and removes a feed, keeping what it imported, audited', async () => {
    const feed = await addFeed('/rss.xml?removable', 'Removable');
    const disabled = await t.api.post<TNewsFeedView>(
      `${CONSOLE}/news/feeds/${feed.id}`,
      { enabled: false },
      admin.token,
    );
    expect(disabled.body.data.enabled).toBe(false);
    const removed = await t.api.post(`${CONSOLE}/news/feeds/${feed.id}/delete`, {}, admin.token);
    expect(removed.status).toBe(200);
    const audit = await auditFor(feed.id);
    expect(audit.map((a) => a.action)).toEqual([
      'news.feed_add',
      'news.feed_update',
      'news.feed_remove',
    ]);
    const missing = await t.api.post(`${CONSOLE}/news/feeds/${feed.id}/delete`, {}, admin.token);
    expect(missing.status).toBe(404);
  });
});
