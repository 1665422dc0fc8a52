import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { md5 } from '@sampada/shared';
import { listenOperatorSocket } from '../platform/operator-socket.ts';
import { buildTestApp, signUpClient, type TestApp } from '../test/helpers.ts';
import { runCommand } from './program.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCommand(t.ctx, argv, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

describe('sampada operator commands', () => {
  it('creates staff, then an invitation code that a client can register with', async () => {
    expect(
      (
        await run(
          'staff',
          'create',
          '--email',
          'Neha@Firm.in',
          '--role',
          'advisor',
          '--password',
          'long-password-1',
        )
      ).code,
    ).toBe(0);
    const invite = await run(
      'invite',
      'create',
      '--advisor',
      'neha@firm.in',
      '--uses',
      '2',
      '--expires',
      '7d',
    );
    expect(invite.code).toBe(0);
    expect(invite.out).toHaveLength(1);
    expect(invite.out[0]).toMatch(/^[A-Z2-9]{8}$/);
    const reply = await t.api.post('/auth/app/v1/register', {
      username: '9123400001',
      password: md5('secret123'),
      invite_code: invite.out[0],
    });
    expect(reply.status).toBe(200);
  });

  it('fails with a message and a non-zero exit on bad input', async () => {
    const unknown = await run('invite', 'create', '--advisor', 'ghost@firm.in');
    expect(unknown.code).toBe(1);
    expect(unknown.err.join('\n')).toMatch(/No staff member/);
    expect(
      (
        await run(
          'staff',
          'create',
          '--email',
          'x@y.in',
          '--role',
          'king',
          '--password',
          'long-password-1',
        )
      ).code,
    ).not.toBe(0);
    expect(
      (await run('invite', 'create', '--advisor', 'neha@firm.in', '--expires', 'soon')).err.join(),
    ).toMatch(/duration/);
    expect((await run('kyc', 'approve', '--mobile', '9000000009')).code).toBe(1);
  });

  it('issues a reset code that verifies, and approves or rejects KYC by mobile', async () => {
    const c = await signUpClient(t);
    const reset = await run('reset-code', '--mobile', c.mobile);
    expect(reset.out[0]).toMatch(/^\d{6}$/);
    const verified = await t.api.post('/client/app/v1/code', {
      email: `+91${c.mobile}`,
      code: reset.out[0],
    });
    expect(verified.status).toBe(200);
    const refused = await run('kyc', 'approve', '--mobile', c.mobile);
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toMatch(/must be pending/);
  });

  it('seeds the demo once', async () => {
    const first = await run('demo', 'seed');
    expect(first.code).toBe(0);
    expect(first.out.join('\n')).toMatch(/Invitation code: [A-Z2-9]{8}/);
    expect((await run('demo', 'seed')).out).toEqual(['The demo is already seeded.']);
    const login = await t.api.post('/auth/app/v1/login', {
      username: '9876543210',
      password: md5('demo1234'),
    });
    expect(login.status).toBe(200);
  });
});

describe('the CLI process forwards to a server that owns the embedded database', () => {
  it('runs `sampada invite create` through the operator socket', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'sampada-sock-'));
    const close = await listenOperatorSocket(dataDir, async (argv) => {
      const stdout: string[] = [];
      const stderr: string[] = [];
      const code = await runCommand(t.ctx, argv, {
        out: (l) => stdout.push(l),
        err: (l) => stderr.push(l),
      });
      return { code, stdout, stderr };
    });
    try {
      const bin = path.resolve(import.meta.dirname, '../../bin/sampada.mjs');
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
      delete env.DATABASE_URL;
      const { stdout } = await promisify(execFile)(
        'node',
        [bin, 'invite', 'create', '--advisor', 'neha@firm.in'],
        { env },
      );
      expect(stdout.trim()).toMatch(/^[A-Z2-9]{8}$/);
      const failed = await promisify(execFile)(
        'node',
        [bin, 'reset-code', '--mobile', '9000000000'],
        { env },
      ).catch((e: { code: number; stderr: string }) => e);
      expect((failed as { code: number }).code).toBe(1);
      expect((failed as { stderr: string }).stderr).toMatch(/No client has that mobile/);
    } finally {
      await close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
