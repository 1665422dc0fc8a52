import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiMessage, M, md5, type TClientProfile } from '@sampada/shared';
import { MINUTE } from '../../platform/clock.ts';
import { buildTestApp, signUpClient, type TestApp } from '../../test/helpers.ts';
import { formWith, jpegWithExif, pngImage } from '../../test/images.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const profileOf = async (token: string) =>
  (await t.api.get<TClientProfile>('/auth/app/v1/client_info', token)).body.data;

describe('pwd_verify and PIN', () => {
  it('answers "Incorrect password" for a wrong password', async () => {
    const c = await signUpClient(t);
    const reply = await t.api.post('/client/app/v1/pwd_verify', { password: md5('nope') }, c.token);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(M.incorrectPassword);
  });

  it('sets a PIN only after the password was verified in this session, then has_pin is true', async () => {
    const c = await signUpClient(t);
    const early = await t.api.post('/client/app/v1/pin', { pin: md5('123456') }, c.token);
    expect(early.status).toBe(400);
    expect(early.body.message).toBe(ApiMessage.passwordVerifyFirst);

    expect(
      (await t.api.post('/client/app/v1/pwd_verify', { password: md5(c.password) }, c.token))
        .status,
    ).toBe(200);
    const set = await t.api.post('/client/app/v1/pin', { pin: md5('123456') }, c.token);
    expect(set.status).toBe(200);
    expect(set.body.message).toBe(M.pinSet);
    expect((await profileOf(c.token)).has_pin).toBe(true);
    // The verification is spent by one PIN change.
    expect((await t.api.post('/client/app/v1/pin', { pin: md5('654321') }, c.token)).status).toBe(
      400,
    );
  });

  it('verifies a PIN, counts wrong ones down, locks for 30 minutes after the fifth', async () => {
    const c = await signUpClient(t);
    await t.api.post('/client/app/v1/pwd_verify', { password: md5(c.password) }, c.token);
    await t.api.post('/client/app/v1/pin', { pin: md5('246810') }, c.token);
    expect(
      (await t.api.post('/client/app/v1/pin/verify', { pin: md5('246810') }, c.token)).status,
    ).toBe(200);

    const first = await t.api.post('/client/app/v1/pin/verify', { pin: md5('000000') }, c.token);
    expect(first.status).toBe(400);
    expect(first.body.message).toBe(ApiMessage.pinWrong(4));
    for (let i = 0; i < 3; i++)
      await t.api.post('/client/app/v1/pin/verify', { pin: md5('000000') }, c.token);
    const fifth = await t.api.post('/client/app/v1/pin/verify', { pin: md5('000000') }, c.token);
    expect(fifth.status).toBe(429);
    const locked = await t.api.post('/client/app/v1/pin/verify', { pin: md5('246810') }, c.token);
    expect(locked.status).toBe(429);
    expect(locked.body.message).toBe(ApiMessage.pinLocked);
    t.clock.advance(31 * MINUTE);
    const again = await t.api.post<{ access_token: string }>('/auth/app/v1/login', {
      username: c.mobile,
      password: md5(c.password),
    });
    const token = again.body.data.access_token;
    expect(
      (await t.api.post('/client/app/v1/pin/verify', { pin: md5('246810') }, token)).status,
    ).toBe(200);
  });

  it('never lets parallel guesses past the lock', async () => {
    const c = await signUpClient(t);
    await t.api.post('/client/app/v1/pwd_verify', { password: md5(c.password) }, c.token);
    await t.api.post('/client/app/v1/pin', { pin: md5('135790') }, c.token);
    const guesses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        t.api.post('/client/app/v1/pin/verify', { pin: md5(String(100000 + i)) }, c.token),
      ),
    );
    expect(guesses.every((g) => g.status === 400 || g.status === 429)).toBe(true);
    expect(guesses.filter((g) => g.status === 400).length).toBeLessThanOrEqual(5);
    expect(
      (await t.api.post('/client/app/v1/pin/verify', { pin: md5('135790') }, c.token)).status,
    ).toBe(429);
  });

  it('tells a client without a PIN to set one', async () => {
    const c = await signUpClient(t);
    const reply = await t.api.post('/client/app/v1/pin/verify', { pin: md5('123456') }, c.token);
    expect(reply.body.message).toBe(ApiMessage.pinNotSet);
  });

  it('stores PIN and password only as salted argon2id hashes', async () => {
    const c = await signUpClient(t);
    await t.api.post('/client/app/v1/pwd_verify', { password: md5(c.password) }, c.token);
    await t.api.post('/client/app/v1/pin', { pin: md5('112233') }, c.token);
    const row = await t.ctx.clients.byId(c.id);
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.pinHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.passwordHash).not.toContain(md5(c.password));
  });
});

describe('avatar', () => {
  it('stores a square JPEG without EXIF and serves it publicly by id', async () => {
    const c = await signUpClient(t);
    const reply = await t.api.upload<{ url: string }>(
      '/client/app/v1/avatar',
      formWith(await jpegWithExif(900, 600), 'avatar.jpg', 'image/jpeg'),
      c.token,
    );
    expect(reply.status).toBe(200);
    expect(reply.body.message).toBe(M.avatarUploaded);
    const profile = await profileOf(c.token);
    expect(profile.avatar).toBe(reply.body.data.url);
    const served = await t.api.raw(profile.avatar!);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(meta.height);
    expect(meta.exif).toBeUndefined();
  });

  it('refuses a non-image and a missing file', async () => {
    const c = await signUpClient(t);
    const text = await t.api.upload(
      '/client/app/v1/avatar',
      formWith(Buffer.from('hello'), 'avatar.jpg', 'image/jpeg'),
      c.token,
    );
    expect(text.body.message).toBe(M.onlyImages);
    const wrongField = await t.api.upload(
      '/client/app/v1/avatar',
      formWith(await pngImage(), 'a.png', 'image/png', 'image'),
      c.token,
    );
    expect(wrongField.body.message).toBe(ApiMessage.fileRequired);
  });
});
