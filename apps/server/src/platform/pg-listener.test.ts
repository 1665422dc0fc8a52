/**
 * A LISTEN on a connection of its own outlives its database going away: it retries with
 * backoff while the database is not there, listens once it is, hears what commits, and stops
 * cleanly even in the middle of its retries. Real PostgreSQL.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, inject, it, vi } from 'vitest';
import { listenOn } from './pg-listener.ts';

const serverUrl = inject('databaseServerUrl');

async function onServer(statement: string) {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

describe('a listener on a connection of its own', () => {
  it('retries while its database is not there, listens once it is, and hears only what commits', async () => {
    const name = `sampada_listen_${randomBytes(4).toString('hex')}`;
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const heard: string[] = [];
    const logged: string[] = [];
    const listener = listenOn(url.toString(), 'test_channel', (p) => heard.push(p), {
      applicationName: 'sampada listener test',
      minRetryMs: 20,
      maxRetryMs: 200,
      log: (message) => logged.push(message),
    });
    try {
      // Refused twice (no such database), with a word each time.
      await vi.waitFor(() =>
        expect(logged.filter((m) => m.includes('retrying')).length).toBeGreaterThanOrEqual(2),
      );
      expect(listener.sessions()).toBe(0);
      await onServer(`create database ${name}`);
      await listener.whenListening();
      expect(listener.sessions()).toBe(1);

      const writer = new pg.Client({ connectionString: url.toString() });
      await writer.connect();
      await writer.query('begin');
      await writer.query(`select pg_notify('test_channel', 'rolled back')`);
      await writer.query('rollback');
      await writer.query(`select pg_notify('test_channel', 'committed')`);
      await writer.end();
      await vi.waitFor(() => expect(heard).toContain('committed'));
      expect(heard).toEqual(['committed']);
    } finally {
      await listener.stop();
      await onServer(`drop database if exists ${name} with (force)`);
    }
  });

  it('stops in the middle of its retries', async () => {
    const url = new URL(serverUrl);
    url.pathname = `/sampada_never_${randomBytes(4).toString('hex')}`;
    const logged: string[] = [];
    const listener = listenOn(url.toString(), 'test_channel', () => {}, {
      applicationName: 'sampada listener test',
      minRetryMs: 20,
      log: (message) => logged.push(message),
    });
    await vi.waitFor(() => expect(logged.length).toBeGreaterThanOrEqual(1));
    await listener.stop();
    expect(listener.sessions()).toBe(0);
  });
});
