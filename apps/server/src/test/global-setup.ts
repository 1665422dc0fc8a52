/**
 * Once per test run: the PostgreSQL server the API suite uses — the one TEST_DATABASE_URL or
 * DATABASE_URL names, or an embedded one started here in a temporary folder — and a template
 * database migrated once, from which every test file copies its own fresh database.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client.ts';
import { startEmbeddedPostgres } from '../db/embedded-postgres.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    databaseServerUrl: string;
    templateDatabase: string;
  }
}

const withDatabase = (url: string, name: string) => {
  const next = new URL(url);
  next.pathname = `/${name}`;
  return next.toString();
};

async function admin(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const named = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
  let serverUrl = named;
  let stopServer = async () => {};
  let folder: string | null = null;
  if (!serverUrl) {
    folder = mkdtempSync(path.join(os.tmpdir(), 'sampada-test-pg-'));
    chmodSync(folder, 0o755); // as root the server runs as `postgres`, who must reach it
    const server = await startEmbeddedPostgres(folder, { ephemeral: true });
    serverUrl = server.url;
    stopServer = server.stop;
  }
  const template = `sampada_template_${Date.now()}_${randomBytes(3).toString('hex')}`;
  await admin(serverUrl, `create database ${template}`);
  const migrated = await openDatabase({ url: withDatabase(serverUrl, template) });
  await migrated.close();
  project.provide('databaseServerUrl', serverUrl);
  project.provide('templateDatabase', template);
  console.log(
    `API tests on ${named ? 'the PostgreSQL server in DATABASE_URL' : 'an embedded PostgreSQL'}`,
  );
  return async () => {
    await admin(serverUrl, `drop database if exists ${template} with (force)`).catch(() => {});
    await stopServer();
    if (folder) rmSync(folder, { recursive: true, force: true });
  };
}
