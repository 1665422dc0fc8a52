/**
 * Two API references from one document (issue 32): the public /docs documents what clients
 * call and nothing of the console; the console's routes are a reference only signed-in staff
 * open. Each is a valid OpenAPI document on its own, its references all resolving.
 */
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signInStaff, signUpClient, type TestApp } from '../test/helpers.ts';
import { publicReference, staffReference } from './api-reference.ts';

type Doc = { paths: Record<string, unknown>; components?: { schemas?: Record<string, unknown> } };

const STAFF_REFERENCE = '/console/api/v1/reference/openapi.json';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const publicDoc = async () => (await (await t.api.raw('/docs/json')).json()) as Doc;
const staffDoc = async (token: string) =>
  (await (
    await t.api.raw(STAFF_REFERENCE, { headers: { authorization: `Bearer ${token}` } })
  ).json()) as Doc;

describe('the public reference at /docs', () => {
  it("documents the clients' APIs and no console route", async () => {
    const doc = await publicDoc();
    const paths = Object.keys(doc.paths);
    expect(paths.filter((p) => p.startsWith('/console/'))).toEqual([]);
    for (const path of ['/auth/app/v1/login', '/funds/app/v1/deposits', '/loan/app/v1/quote'])
      expect(paths).toContain(path);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });

  it('keeps only the named schemas its own paths reach, through references in references', () => {
    const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
    const doc = {
      openapi: '3.0.3',
      paths: {
        '/client/app/v1/a': { get: { responses: { 200: { schema: ref('Menu') } } } },
        '/console/api/v1/b': { get: { responses: { 200: { schema: ref('Staff~1Row') } } } },
      },
      components: {
        schemas: { Menu: { items: ref('MenuItem') }, MenuItem: {}, 'Staff/Row': {}, Unused: {} },
      },
    };
    expect(Object.keys(publicReference(doc).paths)).toEqual(['/client/app/v1/a']);
    expect(Object.keys(publicReference(doc).components.schemas)).toEqual(['Menu', 'MenuItem']);
    expect(Object.keys(staffReference(doc).paths)).toEqual(['/console/api/v1/b']);
    expect(Object.keys(staffReference(doc).components.schemas)).toEqual(['Staff/Row']);
  });
});

describe("the console's reference", () => {
  it('is refused without a staff session, and to a client', async () => {
    expect((await t.api.raw(STAFF_REFERENCE)).status).toBe(401);
    const client = await signUpClient(t);
    const asClient = await t.api.raw(STAFF_REFERENCE, {
      headers: { authorization: `Bearer ${client.token}` },
    });
    expect(asClient.status).toBe(401);
  });

  it('opens for any signed-in staff role and holds only console routes, as a valid document', async () => {
    const support = await signInStaff(t, 'support');
    const doc = await staffDoc(support.token);
    const paths = Object.keys(doc.paths);
    expect(paths).toContain('/console/api/v1/credit/loans');
    expect(paths).toContain('/console/api/v1/settings');
    expect(paths.filter((p) => !p.startsWith('/console/api/v1/'))).toEqual([]);
    await expect(SwaggerParser.validate(structuredClone(doc) as never)).resolves.toBeTruthy();
  });
});
