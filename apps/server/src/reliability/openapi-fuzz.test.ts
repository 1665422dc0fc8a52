/**
 * Hostile input on every documented route (issue 21, catalogue item 21): the cases are
 * generated from the OpenAPI document the server itself publishes, so a new route is fuzzed
 * the day it lands. Each operation gets broken JSON, wrong types, missing and extra fields,
 * an oversized body and unicode edge cases, in its path, query and body, signed in as the
 * audience it serves (a client for /app/ routes, an admin for the console). Every answer
 * must be below 500, and every refusal a 4xx with a message a person can read.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiReference,
  buildTestApp,
  signInStaff,
  signUpClient,
  type SignedInStaff,
  type SignedUpClient,
} from '../test/helpers.ts';

type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  format?: string;
  anyOf?: Schema[];
  oneOf?: Schema[];
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Doc = { paths: Record<string, Record<string, Operation>> };

/** Strings that have broken parsers, renderers and databases before. */
const NASTY = [
  '',
  ' ',
  '\u0000',
  '\ud800', // a lone surrogate
  '\u202eevil', // right-to-left override
  'a\u200bb', // zero-width space
  '💸'.repeat(300),
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '9'.repeat(400),
  '-1',
  '1e309',
  'NaN',
  'x'.repeat(70_000),
];
const WRONG_TYPES: unknown[] = [
  null,
  true,
  -1,
  1.5,
  Number.MAX_VALUE * 10,
  'x',
  [],
  {},
  [1, 'a'],
  { $gt: '' },
];

/** A value of the declared type, so that one field at a time can be made wrong. */
function sample(schema: Schema | undefined): unknown {
  if (!schema) return 'x';
  if (schema.enum?.length) return schema.enum[0];
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return sample(alternatives[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return 1;
    case 'boolean':
      return true;
    case 'array':
      return [sample(schema.items)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [key, sample(value)]),
      );
    default:
      return schema.format === 'uuid' ? randomUUID() : 'x';
  }
}

/** URL-encodes; a lone surrogate has no UTF-8 form, so it goes as the invalid bytes it would be. */
function encode(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
}

type Case = { name: string; path: string; query?: string; body?: string; type?: string };

function casesFor(route: string, operation: Operation): Case[] {
  const parameters = operation.parameters ?? [];
  const fill = (value: (p: Parameter) => string) =>
    route.replace(/\{(\w+)\}/g, (_, name: string) => {
      const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
      return encode(value(parameter ?? { in: 'path', name }));
    });
  const goodPath = fill((p) => String(sample(p.schema)));
  const cases: Case[] = [{ name: 'plain', path: goodPath }];

  if (route.includes('{'))
    for (const nasty of NASTY.filter((s) => s.length < 1000))
      cases.push({ name: `path ${JSON.stringify(nasty).slice(0, 20)}`, path: fill(() => nasty) });

  const queries = parameters.filter((p) => p.in === 'query');
  for (const parameter of queries) {
    for (const nasty of [...NASTY.filter((s) => s.length < 1000), '[]', '{}'])
      cases.push({
        name: `query ${parameter.name}=${JSON.stringify(nasty).slice(0, 20)}`,
        path: goodPath,
        query: `${parameter.name}=${encode(nasty)}`,
      });
    cases.push({
      name: `query ${parameter.name} twice`,
      path: goodPath,
      query: `${parameter.name}=1&${parameter.name}=2`,
    });
  }

  const json = operation.requestBody?.content?.['application/json']?.schema;
  const multipart = operation.requestBody?.content?.['multipart/form-data'];
  if (json || multipart) {
    const type = 'application/json';
    const valid = (sample(json ?? { type: 'object' }) ?? {}) as Record<string, unknown>;
    cases.push(
      { name: 'broken JSON', path: goodPath, body: '{"a":', type },
      { name: 'JSON null', path: goodPath, body: 'null', type },
      { name: 'JSON array', path: goodPath, body: '[]', type },
      { name: 'JSON string', path: goodPath, body: '"x"', type },
      { name: 'empty object', path: goodPath, body: '{}', type },
      { name: 'not JSON at all', path: goodPath, body: 'a=1&b=2', type: 'text/plain' },
      {
        name: 'oversized',
        path: goodPath,
        body: JSON.stringify({ a: 'x'.repeat(3_000_000) }),
        type,
      },
      {
        name: 'deeply nested',
        path: goodPath,
        body: '{"a":'.repeat(5_000) + '1' + '}'.repeat(5_000),
        type,
      },
      {
        name: 'extra fields',
        path: goodPath,
        body: JSON.stringify({ ...valid, __proto__: { admin: true }, constructor: 'x', extra: 1 }),
        type,
      },
    );
    for (const key of Object.keys(json?.properties ?? {})) {
      for (const wrong of WRONG_TYPES)
        cases.push({
          name: `${key}=${JSON.stringify(wrong)}`,
          path: goodPath,
          body: JSON.stringify({ ...valid, [key]: wrong }),
          type,
        });
      for (const nasty of NASTY)
        cases.push({
          name: `${key}=${JSON.stringify(nasty).slice(0, 20)}`,
          path: goodPath,
          body: JSON.stringify({ ...valid, [key]: nasty }),
          type,
        });
      const { [key]: _missing, ...rest } = valid;
      cases.push({ name: `without ${key}`, path: goodPath, body: JSON.stringify(rest), type });
    }
  }
  return cases;
}

let t: TestApp;
let client: SignedUpClient;
let admin: SignedInStaff;
let doc: Doc;

beforeAll(async () => {
  t = await buildTestApp();
  client = await signUpClient(t);
  admin = await signInStaff(t, 'admin');
  doc = await apiReference<Doc>(t, admin.token);
});
afterAll(() => t.close());

/** Routes whose plain call ends the session the rest of the run needs; fuzzed signed out. */
const ENDS_SESSION = /\/(logout|sign-out)$/;
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

describe('the OpenAPI fuzz suite', () => {
  it('answers every generated hostile request below 500, each refusal with a readable message', async () => {
    const failures: string[] = [];
    let sent = 0;
    let operations = 0;
    const routes = Object.entries(doc.paths).filter(([route]) => !route.startsWith('/docs'));
    for (const [route, byMethod] of routes) {
      for (const [method, operation] of Object.entries(byMethod)) {
        if (!METHODS.includes(method)) continue;
        operations += 1;
        for (const c of casesFor(route, operation)) {
          const headers: Record<string, string> = {};
          if (c.type) headers['content-type'] = c.type;
          if (!ENDS_SESSION.test(route)) {
            if (route.startsWith('/console/')) headers.authorization = `Bearer ${admin.token}`;
            else if (route.includes('/app/')) headers.authorization = `Bearer ${client.token}`;
          }
          if (method !== 'get') headers['idempotency-key'] = randomUUID();
          const url = `${c.path}${c.query ? `?${c.query}` : ''}`;
          const response = await t.api.raw(url, {
            method: method.toUpperCase(),
            headers,
            ...(c.body !== undefined && method !== 'get' ? { body: c.body } : {}),
          });
          sent += 1;
          const text = await response.text();
          const where = `${method.toUpperCase()} ${route} [${c.name}] → ${response.status}`;
          if (response.status >= 500) failures.push(`${where} ${text.slice(0, 200)}`);
          else if (
            response.status >= 400 &&
            response.headers.get('content-type')?.includes('json')
          ) {
            const message = (JSON.parse(text) as { message?: unknown }).message;
            if (typeof message !== 'string' || message.trim() === '')
              failures.push(`${where}: no readable message`);
          }
        }
        // A case may have signed the client out (a password change, a PIN lock): start again.
        if ((await t.api.get('/auth/app/v1/client_info', client.token)).status === 401)
          client = await signUpClient(t);
      }
    }
    console.info(`fuzzed ${operations} operations with ${sent} requests`);
    expect(operations).toBeGreaterThan(100);
    expect(sent).toBeGreaterThan(3_000);
    expect(failures).toEqual([]);
  }, 600_000);
});
