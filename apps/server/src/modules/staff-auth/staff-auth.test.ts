import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CM, md5, type TSignInChallenge, type TStaffMe, type TStaffSession } from '@sampada/shared';
import { listAudit } from '../../platform/audit.ts';
import { MINUTE } from '../../platform/clock.ts';
import {
  buildTestApp,
  signInStaff,
  STAFF_TEST_PASSWORD,
  type TestApp,
  totpAt,
} from '../../test/helpers.ts';
import { hashSecretScryptLegacy, verifySecret } from '../../platform/crypto.ts';
import { RECOVERY_CODE_COUNT } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const SIGN_IN = '/console/api/v1/auth/sign-in';
const VERIFY = '/console/api/v1/auth/verify';
const ME = '/console/api/v1/auth/me';
const system = { type: 'system', id: 'test' } as const;

let emailCounter = 0;
async function newStaff(roles: ('admin' | 'advisor' | 'operations' | 'support')[] = ['advisor']) {
  const email = `sign-in-${++emailCounter}@staff.test`;
  const row = await t.ctx.staff.createStaff(
    { email, roles, password: STAFF_TEST_PASSWORD },
    system,
  );
  return { email, id: row.id };
}

const stepOne = (email: string, password = STAFF_TEST_PASSWORD) =>
  t.api.post<TSignInChallenge>(SIGN_IN, { email, password: md5(password) });

const stepTwo = (challenge_token: string, second: { code?: string; recovery_code?: string }) =>
  t.api.post<TStaffSession>(VERIFY, { challenge_token, ...second });

/** Moves the test clock into the next 30-second TOTP step, so a fresh code exists. */
const nextTotpStep = () => t.clock.advance(30_000);

describe('first sign-in enrols TOTP', () => {
  it('shows a QR code and recovery codes once, and enables TOTP only after a correct first code', async () => {
    const { email, id } = await newStaff();
    const first = await stepOne(email);
    expect(first.status).toBe(200);
    expect(first.body.data.step).toBe('enrol');
    const enrolment = first.body.data.enrolment!;
    expect(enrolment.qr_data_url).toMatch(/^data:image\/png;base64,/);
    expect(enrolment.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Sampada:/);
    expect(enrolment.otpauth_uri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(enrolment.recovery_codes).size).toBe(RECOVERY_CODE_COUNT);

    const wrongCode = (Number(totpAt(t, enrolment.secret)) + 1) % 1_000_000;
    const wrong = await stepTwo(first.body.data.challenge_token, {
      code: String(wrongCode).padStart(6, '0'),
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(CM.badCode);
    expect((await t.ctx.staff.findById(id))!.totpEnabledAt).toBeNull();

    const ok = await stepTwo(first.body.data.challenge_token, {
      code: totpAt(t, enrolment.secret),
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.staff.email).toBe(email);
    expect(ok.body.data.recovery_codes_left).toBe(RECOVERY_CODE_COUNT);

    const row = (await t.ctx.staff.findById(id))!;
    expect(row.totpEnabledAt).not.toBeNull();
    // Stored encrypted, and the recovery codes only as slow hashes.
    expect(row.totpSecretEnc).not.toContain(enrolment.secret);
    expect(row.recoveryCodeHashes.every((h) => h.startsWith('$argon2id$'))).toBe(true);
    expect(row.recoveryCodeHashes.join()).not.toContain(
      enrolment.recovery_codes[0]!.replace('-', ''),
    );

    const me = await t.api.get<TStaffMe>(ME, ok.body.data.token);
    expect(me.status).toBe(200);
    expect(me.body.data.roles).toEqual(['advisor']);

    const audit = await listAudit(t.ctx.db, { actorIds: [id], limit: 10 });
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining(['staff.totp.enrol', 'staff.sign_in']),
    );
  });

  it('a challenge is spent by one successful verification and expires after 10 minutes', async () => {
    const { email } = await newStaff();
    const first = await stepOne(email);
    const code = totpAt(t, first.body.data.enrolment!.secret);
    expect((await stepTwo(first.body.data.challenge_token, { code })).status).toBe(200);
    const again = await stepTwo(first.body.data.challenge_token, { code });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(CM.challengeExpired);

    const late = await signInStaff(t, 'support');
    const second = await stepOne(late.email);
    t.clock.advance(11 * MINUTE);
    const expired = await stepTwo(second.body.data.challenge_token, {
      code: totpAt(t, late.secret),
    });
    expect(expired.status).toBe(400);
    expect(expired.body.message).toBe(CM.challengeExpired);
  });
});

describe('later sign-ins require the second factor', () => {
  it('asks for a code (no new secret), accepts a correct one and refuses the same code twice', async () => {
    const staff = await signInStaff(t, 'operations');
    nextTotpStep();
    const first = await stepOne(staff.email);
    expect(first.body.data.step).toBe('totp');
    expect(first.body.data.enrolment).toBeNull();
    const code = totpAt(t, staff.secret);
    expect((await stepTwo(first.body.data.challenge_token, { code })).status).toBe(200);

    const second = await stepOne(staff.email);
    const replay = await stepTwo(second.body.data.challenge_token, { code });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toBe(CM.badCode);

    nextTotpStep();
    const fresh = await stepTwo(second.body.data.challenge_token, {
      code: totpAt(t, staff.secret),
    });
    expect(fresh.status).toBe(200);
  });

  it('accepts a code from the previous step (clock drift) but not one two steps old', async () => {
    const staff = await signInStaff(t, 'advisor');
    nextTotpStep();
    const old = authenticator
      .clone({ epoch: t.clock.now().getTime() - 60_000 })
      .generate(staff.secret);
    const previous = authenticator
      .clone({ epoch: t.clock.now().getTime() - 30_000 })
      .generate(staff.secret);
    const challenge = await stepOne(staff.email);
    expect((await stepTwo(challenge.body.data.challenge_token, { code: old })).status).toBe(400);
    // `previous` is the step signInStaff used; step forward once more so it is unspent but still in the window.
    nextTotpStep();
    const inWindow = authenticator
      .clone({ epoch: t.clock.now().getTime() - 30_000 })
      .generate(staff.secret);
    expect(inWindow).not.toBe(previous);
    expect((await stepTwo(challenge.body.data.challenge_token, { code: inWindow })).status).toBe(
      200,
    );
  });

  it('accepts each recovery code once, with or without the dash', async () => {
    const staff = await signInStaff(t, 'advisor');
    const [first, second] = staff.recoveryCodes as [string, string];
    const c1 = await stepOne(staff.email);
    const used = await stepTwo(c1.body.data.challenge_token, {
      recovery_code: first.toLowerCase(),
    });
    expect(used.status).toBe(200);
    expect(used.body.data.recovery_codes_left).toBe(RECOVERY_CODE_COUNT - 1);

    const c2 = await stepOne(staff.email);
    const reused = await stepTwo(c2.body.data.challenge_token, { recovery_code: first });
    expect(reused.status).toBe(400);
    const other = await stepTwo(c2.body.data.challenge_token, {
      recovery_code: second.replace('-', ''),
    });
    expect(other.status).toBe(200);
    expect((await t.ctx.staff.findById(staff.id))!.recoveryCodeHashes).toHaveLength(
      RECOVERY_CODE_COUNT - 2,
    );
  });
});

describe('password hashes', () => {
  it('signs in with an old scrypt hash and re-hashes it to argon2id; a wrong password changes nothing', async () => {
    const { email, id } = await newStaff();
    const old = await hashSecretScryptLegacy(md5(STAFF_TEST_PASSWORD));
    await t.ctx.db.execute(`update staff set password_hash = '${old}' where id = '${id}'`);

    expect((await stepOne(email, 'wrong-password')).status).toBe(400);
    expect((await t.ctx.staff.findById(id))!.passwordHash).toBe(old);

    expect((await stepOne(email)).status).toBe(200);
    const upgraded = (await t.ctx.staff.findById(id))!.passwordHash;
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifySecret(md5(STAFF_TEST_PASSWORD), upgraded)).toBe(true);
    // And the new hash signs in.
    expect((await stepOne(email)).status).toBe(200);
  });
});

describe('lockout', () => {
  it('locks the account for 15 minutes after 5 wrong passwords, even for the right password', async () => {
    const { email } = await newStaff();
    for (let i = 1; i <= 4; i++) {
      const reply = await stepOne(email, 'wrong-password-x');
      expect(reply.status).toBe(400);
      expect(reply.body.message).toBe(CM.badCredentials);
    }
    const fifth = await stepOne(email, 'wrong-password-x');
    expect(fifth.status).toBe(429);
    expect(fifth.body.message).toBe(CM.locked);
    expect((await stepOne(email)).status).toBe(429);

    t.clock.advance(14 * MINUTE);
    expect((await stepOne(email)).status).toBe(429);
    t.clock.advance(2 * MINUTE);
    const after = await stepOne(email);
    expect(after.status).toBe(200);
  });

  it('counts wrong TOTP codes toward the same lock', async () => {
    const staff = await signInStaff(t, 'support');
    nextTotpStep();
    const challenge = await stepOne(staff.email);
    const right = totpAt(t, staff.secret);
    const wrong = String((Number(right) + 7) % 1_000_000).padStart(6, '0');
    for (let i = 1; i <= 4; i++) {
      expect((await stepTwo(challenge.body.data.challenge_token, { code: wrong })).status).toBe(
        400,
      );
    }
    expect((await stepTwo(challenge.body.data.challenge_token, { code: wrong })).status).toBe(429);
    // Locked: even the right code is refused until the lock ends.
    expect((await stepTwo(challenge.body.data.challenge_token, { code: right })).status).toBe(429);
  });

  it('an unknown email gets the same answer as a wrong password', async () => {
    const reply = await stepOne('nobody@staff.test');
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(CM.badCredentials);
  });
});

describe('sessions', () => {
  it('401 without a token, with a made-up token, and after 30 idle minutes', async () => {
    expect((await t.api.get(ME)).status).toBe(401);
    expect((await t.api.get(ME, 'not-a-real-token')).status).toBe(401);
    const staff = await signInStaff(t, 'advisor');
    t.clock.advance(29 * MINUTE);
    expect((await t.api.get(ME, staff.token)).status).toBe(200);
    t.clock.advance(29 * MINUTE);
    expect((await t.api.get(ME, staff.token)).status).toBe(200);
    t.clock.advance(31 * MINUTE);
    const idle = await t.api.get(ME, staff.token);
    expect(idle.status).toBe(401);
    expect(idle.body.message).toBe(CM.sessionExpired);
  });

  it('ends after 8 hours however active', async () => {
    const staff = await signInStaff(t, 'advisor');
    for (let i = 0; i < 16; i++) {
      t.clock.advance(29 * MINUTE);
      expect((await t.api.get(ME, staff.token)).status).toBe(200);
    }
    t.clock.advance(20 * MINUTE);
    expect((await t.api.get(ME, staff.token)).status).toBe(401);
  });

  it('sign-out ends one session; sign-out everywhere ends them all', async () => {
    const staff = await signInStaff(t, 'advisor');
    nextTotpStep();
    const c = await stepOne(staff.email);
    const second = (await stepTwo(c.body.data.challenge_token, { code: totpAt(t, staff.secret) }))
      .body.data.token;
    nextTotpStep();
    const c3 = await stepOne(staff.email);
    const third = (await stepTwo(c3.body.data.challenge_token, { code: totpAt(t, staff.secret) }))
      .body.data.token;

    expect((await t.api.post('/console/api/v1/auth/sign-out', undefined, staff.token)).status).toBe(
      200,
    );
    expect((await t.api.get(ME, staff.token)).status).toBe(401);
    expect((await t.api.get(ME, second)).status).toBe(200);

    expect(
      (await t.api.post('/console/api/v1/auth/sign-out-everywhere', undefined, second)).status,
    ).toBe(200);
    expect((await t.api.get(ME, second)).status).toBe(401);
    expect((await t.api.get(ME, third)).status).toBe(401);
  });
});

describe('admin actions on sign-in state', () => {
  it('deactivation ends sessions and refuses sign-in; activation allows it again', async () => {
    const admin = await signInStaff(t, 'admin');
    const staff = await signInStaff(t, 'advisor');
    const off = await t.api.post(
      `/console/api/v1/staff/${staff.id}/deactivate`,
      undefined,
      admin.token,
    );
    expect(off.status).toBe(200);
    expect((await t.api.get(ME, staff.token)).status).toBe(401);
    const refused = await stepOne(staff.email);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(CM.inactive);

    expect(
      (await t.api.post(`/console/api/v1/staff/${staff.id}/activate`, undefined, admin.token))
        .status,
    ).toBe(200);
    expect((await stepOne(staff.email)).status).toBe(200);
  });

  it('reset TOTP ends sessions and makes the next sign-in enrol again', async () => {
    const admin = await signInStaff(t, 'admin');
    const staff = await signInStaff(t, 'advisor');
    const reset = await t.api.post(
      `/console/api/v1/staff/${staff.id}/reset-totp`,
      undefined,
      admin.token,
    );
    expect(reset.status).toBe(200);
    expect((await t.api.get(ME, staff.token)).status).toBe(401);
    const next = await stepOne(staff.email);
    expect(next.body.data.step).toBe('enrol');
    expect(next.body.data.enrolment!.secret).not.toBe(staff.secret);
  });

  it('an admin cannot deactivate themselves or drop their own admin role', async () => {
    const admin = await signInStaff(t, 'admin');
    expect(
      (await t.api.post(`/console/api/v1/staff/${admin.id}/deactivate`, undefined, admin.token))
        .status,
    ).toBe(400);
    const roles = await t.api.post(
      `/console/api/v1/staff/${admin.id}/roles`,
      { roles: ['advisor'] },
      admin.token,
    );
    expect(roles.status).toBe(400);
  });
});
