import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiMessage, M, md5 } from '@sampada/shared';
import { ConfigError, loadConfig } from '../config.ts';
import { buildTestApp, signUpClient, type TestApp, sqlRows } from '../test/helpers.ts';
import { recordAudit, recordAudits } from './audit.ts';
import {
  decrypt,
  encrypt,
  hashSecret,
  hashSecretScryptLegacy,
  needsRehash,
  verifySecret,
} from './crypto.ts';
import { isUniqueViolation } from './pg-errors.ts';
import { viewerFor } from './viewer.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('config', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.marketAlwaysOpen).toBe(false);
    expect(config.databaseUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ REDIS_URL: 'http://x' }, 'REDIS_URL'],
    [{ MARKET_ALWAYS_OPEN: 'maybe' }, 'MARKET_ALWAYS_OPEN'],
    [{ JWT_SECRET: 'short' }, 'JWT_SECRET'],
    [{ STOCK_API_KEY: 'k' }, 'STOCK_API_KEY'],
  ])('stops on %j naming the variable', (env, name) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${name}:`));
  });
});

describe('crypto', () => {
  it('hashes secrets slowly with a salt and verifies them', async () => {
    const a = await hashSecret(md5('pw'));
    const b = await hashSecret(md5('pw'));
    expect(a).not.toBe(b);
    expect(await verifySecret(md5('pw'), a)).toBe(true);
    expect(await verifySecret(md5('px'), a)).toBe(false);
  });

  it('hashes with argon2id at m=19 MiB, t=2, p=1, which needs no re-hash', async () => {
    const hash = await hashSecret(md5('pw'));
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(hash)).toBe(false);
    expect(needsRehash(hash.replace('t=2', 't=1'))).toBe(true);
  });

  it('still verifies an old scrypt hash, and marks it for re-hashing', async () => {
    const old = await hashSecretScryptLegacy(md5('pw'));
    expect(old).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(await verifySecret(md5('pw'), old)).toBe(true);
    expect(await verifySecret(md5('px'), old)).toBe(false);
    expect(needsRehash(old)).toBe(true);
  });

  it('never matches a malformed stored hash', async () => {
    expect(await verifySecret('x', '$argon2id$v=19$m=19456,t=2,p=1$broken')).toBe(false);
    expect(await verifySecret('x', 'plain')).toBe(false);
  });

  it('encrypts with authentication: a changed byte fails', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = encrypt('ABCDE1234F', key);
    expect(decrypt(sealed, key)).toBe('ABCDE1234F');
    const parts = sealed.split('.');
    parts[3] = Buffer.from(
      'x' + Buffer.from(parts[3]!, 'base64').toString('latin1').slice(1),
      'latin1',
    ).toString('base64');
    expect(() => decrypt(parts.join('.'), key)).toThrow();
  });
});

describe('audit log', () => {
  it('refuses UPDATE, DELETE and TRUNCATE at the database', async () => {
    await recordAudit(
      t.ctx.db,
      { type: 'system', id: 'test' },
      { action: 'test.write', subjectType: 'x', subjectId: '1' },
    );
    // Drizzle wraps the driver's error; the database's own refusal is its cause.
    const refusal = async (sql: string) => {
      const error = await t.ctx.db.execute(sql).then(
        () => null,
        (e: Error & { cause?: Error }) => e,
      );
      return String(error?.cause?.message ?? error?.message);
    };
    expect(await refusal(`update audit_log set action = 'forged'`)).toMatch(
      /append-only \(UPDATE refused\)/,
    );
    expect(await refusal(`delete from audit_log`)).toMatch(/append-only \(DELETE refused\)/);
    expect(await refusal(`truncate audit_log`)).toMatch(/append-only \(TRUNCATE refused\)/);
    const rows = await sqlRows<{ action?: string; n?: number; id_no_enc?: string }>(
      t,
      `select count(*)::int as n from audit_log where action = 'test.write'`,
    );
    expect(rows).toEqual([{ n: 1 }]);
  });

  it('writes a batch of rows in one statement, in order, with their JSON and the actor intact', async () => {
    await recordAudits(t.ctx.db, { type: 'staff', id: 'staff-7', ip: '10.0.0.9' }, [
      {
        action: 'test.batch',
        subjectType: 'deposit',
        subjectId: 'a',
        before: { status: 'pending' },
        after: { status: 'confirmed', note: `it's "quoted", {braced}` },
      },
      { action: 'test.batch', subjectType: 'deposit', subjectId: null },
      { action: 'test.batch', subjectType: 'deposit', subjectId: 'c', after: [1, null, 'x'] },
    ]);
    const rows = await sqlRows<Record<string, unknown>>(
      t,
      `select actor_type, actor_id, ip, subject_id, before, after from audit_log
       where action = 'test.batch' order by id`,
    );
    expect(rows).toEqual([
      {
        actor_type: 'staff',
        actor_id: 'staff-7',
        ip: '10.0.0.9',
        subject_id: 'a',
        before: { status: 'pending' },
        after: { status: 'confirmed', note: `it's "quoted", {braced}` },
      },
      {
        actor_type: 'staff',
        actor_id: 'staff-7',
        ip: '10.0.0.9',
        subject_id: null,
        before: null,
        after: null,
      },
      {
        actor_type: 'staff',
        actor_id: 'staff-7',
        ip: '10.0.0.9',
        subject_id: 'c',
        before: null,
        after: [1, null, 'x'],
      },
    ]);
  });
});

describe('HTTP surface', () => {
  it('answers unknown API paths with a 404 envelope', async () => {
    const reply = await t.api.get('/auth/app/v1/nope');
    expect(reply.status).toBe(404);
    expect(reply.body).toEqual({
      code: 404,
      message: ApiMessage.notFound,
      data: null,
      error_code: 'api.notFound',
    });
  });

  it('answers malformed JSON with a 400 envelope and stays up', async () => {
    const reply = await t.api.raw('/auth/app/v1/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": ',
    });
    expect(reply.status).toBe(400);
    expect(((await reply.json()) as { code: number }).code).toBe(400);
    expect((await t.api.get('/healthz')).status).toBe(200);
  });

  it('gives every error answer a machine code beside the spec message', async () => {
    // A zod rule's message, an AppError's, and a refusal whose text is in no table.
    const missing = await t.api.post('/auth/app/v1/login', { username: '9876500000' });
    expect(missing.status).toBe(400);
    expect(missing.body).toEqual({
      code: 400,
      message: M.passwordRequired,
      data: null,
      error_code: 'app.passwordRequired',
    });
    const bad = await t.api.post('/auth/app/v1/login', {
      username: '9876500000',
      password: md5('wrong-password'),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      message: ApiMessage.badCredentials,
      error_code: 'api.badCredentials',
    });
    const malformed = await t.api.raw('/auth/app/v1/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": ',
    });
    expect(await malformed.json()).toMatchObject({ code: 400, error_code: 'bad_request' });
  });

  it('reads a JSON POST with an empty body as {} (refresh and logout need no body)', async () => {
    const c = await signUpClient(t);
    const reply = await t.api.raw('/auth/app/v1/logout', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${c.token}` },
    });
    expect(reply.status).toBe(200);
  });

  it('publishes an OpenAPI document listing every identity call', async () => {
    const doc = (await (await t.api.raw('/docs/json')).json()) as {
      paths: Record<string, unknown>;
    };
    for (const path of [
      '/auth/app/v1/client_info',
      '/auth/app/v1/login',
      '/auth/app/v1/logout',
      '/auth/app/v1/register',
      '/auth/app/v1/reset_pwd',
      '/auth/app/v1/change_pwd',
      '/auth/app/v1/refresh',
      '/auth/app/v1/menu',
      '/client/app/v1/code',
      '/client/app/v1/pwd_verify',
      '/client/app/v1/pin',
      '/client/app/v1/pin/verify',
      '/client/app/v1/avatar',
      '/client/app/v1/image',
      '/identify/app/v1',
      '/identify/app/v1/detail',
    ]) {
      expect(doc.paths, path).toHaveProperty([path]);
    }
    expect((await t.api.raw('/docs')).status).toBeLessThan(400);
  });

  it('the OpenAPI document has no reference to a schema it does not hold (the menu once pointed at schema0)', async () => {
    const doc = (await (await t.api.raw('/docs/json')).json()) as Record<string, unknown>;
    const refs = new Set<string>();
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (node === null || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') refs.add(value);
        else walk(value);
      }
    };
    walk(doc);
    const resolve = (ref: string) =>
      ref
        .slice(2)
        .split('/')
        .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], doc);
    const dangling = [...refs].filter((ref) => !ref.startsWith('#/') || resolve(ref) === undefined);
    expect(dangling).toEqual([]);
    expect(refs).toContain('#/components/schemas/MenuItem');
    // Each documented route names its error answer and the code in it.
    const login = (doc.paths as Record<string, Record<string, { responses: object }>>)[
      '/auth/app/v1/login'
    ]!.post!.responses;
    expect(login).toHaveProperty(
      ['default', 'content', 'application/json', 'schema', 'properties', 'error_code', 'type'],
      'string',
    );
    // And a maintained validator reads it as a valid OpenAPI document.
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('serves the menu to a signed-in client, hiding items their flags do not allow', async () => {
    const c = await signUpClient(t);
    const reply = await t.api.get<{ path: string; meta: { title: string } }[]>(
      '/auth/app/v1/menu',
      c.token,
    );
    expect(reply.status).toBe(200);
    const paths = reply.body.data.map((i) => i.path);
    expect(paths).toContain('/news');
    expect(paths).not.toContain('/credit');
    // Through the clients service, which owns the row: a write behind its back may be unseen
    // by the menu for up to SIGNED_IN_CACHE_TTL_MS (docs/decisions/006).
    await t.ctx.clients.setFlags(
      viewerFor({ staffId: '00000000-0000-4000-8000-000000000000', roles: ['admin'] }),
      c.id,
      { allow_loan: true },
      { type: 'system', id: 'test' },
    );
    const after = await t.api.get<{ path: string }[]>('/auth/app/v1/menu', c.token);
    expect(after.body.data.map((i) => i.path)).toContain('/credit');
    expect((await t.api.get('/auth/app/v1/menu')).status).toBe(401);
  });

  it('gives the public settings without a token', async () => {
    const reply = await t.api.get<{ app_name: string }>('/system/app/v1/settings');
    expect(reply.body.data.app_name).toBe('Sampada');
  });
});

describe('per-IP HTTP limits at their real size', () => {
  it('answers 429 after 20 sign-in requests a minute from one IP', async () => {
    const strict = await buildTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const replies = [];
      for (let i = 0; i < 21; i++) {
        replies.push(
          await strict.api.post('/auth/app/v1/login', {
            username: `98765${String(i).padStart(5, '0')}`,
            password: md5('x'),
          }),
        );
      }
      expect(replies.slice(0, 20).every((r) => r.status === 400)).toBe(true);
      expect(replies[20]!.status).toBe(429);
      expect(replies[20]!.body.code).toBe(429);
    } finally {
      await strict.close();
    }
  });
});

it('keeps the spec messages exact', () => {
  expect(M.registrationSucceeded).toBe('Your Account Has Been Successfully Registered');
});

describe('unique violations', () => {
  const pgError = (constraint?: string) =>
    Object.assign(new Error('duplicate key'), { code: '23505', constraint });

  it('are found on the error itself or on its cause (drizzle 0.45 wraps driver errors)', () => {
    expect(isUniqueViolation(pgError('clients_mobile_unique'))).toBe(true);
    const wrapped = new Error('Failed query', { cause: pgError('clients_mobile_unique') });
    expect(isUniqueViolation(wrapped, 'clients_mobile_unique')).toBe(true);
    expect(isUniqueViolation(new Error('outer', { cause: wrapped }))).toBe(true);
  });

  it('name the constraint when asked, and ignore other errors', () => {
    const wrapped = new Error('Failed query', { cause: pgError('clients_uid_unique') });
    expect(isUniqueViolation(wrapped, 'clients_mobile_unique')).toBe(false);
    expect(isUniqueViolation(pgError(undefined), 'clients_mobile_unique')).toBe(true);
    expect(isUniqueViolation(Object.assign(new Error('fk'), { code: '23503' }))).toBe(false);
    expect(isUniqueViolation(null)).toBe(false);
    expect(isUniqueViolation('23505')).toBe(false);
  });
});
