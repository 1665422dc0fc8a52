import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiMessage,
  M,
  type TClientNotifications,
  type TClientProfile,
  type TKycRecord,
} from '@sampada/shared';
import {
  buildTestApp,
  signUpClient,
  type SignedUpClient,
  type TestApp,
  sqlRows,
} from '../../test/helpers.ts';
import { formWith, jpegWithExif, pngImage } from '../../test/images.ts';
import { transitionChannel, type TransitionEvent } from '../../platform/transitions.ts';
import { KYC_TRANSITIONS } from './service.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const staffActor = { type: 'system', id: 'test' } as const;

async function uploadImage(c: SignedUpClient, bytes: Buffer, name = 'id.png', type = 'image/png') {
  return t.api.upload<{ url: string }>(
    '/client/app/v1/image',
    formWith(bytes, name, type),
    c.token,
  );
}

async function submitKyc(c: SignedUpClient, overrides: Record<string, unknown> = {}) {
  const front = (await uploadImage(c, await pngImage())).body.data.url;
  const back = (await uploadImage(c, await pngImage())).body.data.url;
  return t.api.post(
    '/identify/app/v1',
    {
      full_name: 'Ananya Iyer',
      dob: '1990-02-28',
      mobile: '9876543210',
      id_no: 'ABCPI1234F',
      id_front_url: front,
      id_back_url: back,
      ...overrides,
    },
    c.token,
  );
}

describe('image upload', () => {
  it('returns a signed http link that serves the re-encoded image and expires', async () => {
    const c = await signUpClient(t);
    const reply = await uploadImage(c, await jpegWithExif(), 'front.jpg', 'image/jpeg');
    expect(reply.status).toBe(200);
    const url = reply.body.data.url;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/files\/private\/[0-9a-f-]{36}\?exp=\d+&sig=/);
    const served = await fetch(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('cache-control')).toContain('no-store');
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();

    const tampered = url.replace(/sig=[^&]+/, 'sig=AAAA');
    expect((await fetch(tampered)).status).toBe(403);
    t.clock.advance(16 * 60_000);
    expect((await fetch(url)).status).toBe(403);
  });

  it('refuses a text file renamed .png, judged by content', async () => {
    const c = await signUpClient(t);
    const reply = await uploadImage(
      c,
      Buffer.from('%PDF-1.7 not an image at all'),
      'passport.png',
      'image/png',
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(M.onlyImages);
  });

  it('refuses a 21 MB image with the spec message', async () => {
    const c = await signUpClient(t);
    const big = Buffer.concat([await pngImage(), Buffer.alloc(21 * 1024 * 1024)]);
    const reply = await uploadImage(c, big, 'huge.png');
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(M.imageTooLarge);
  });

  it('refuses a truncated image and keeps nothing of it', async () => {
    const c = await signUpClient(t);
    const whole = await sharp({
      create: { width: 800, height: 800, channels: 3, background: '#888' },
    })
      .jpeg()
      .toBuffer();
    const before = await sqlRows(t, 'select count(*)::int as n from uploads');
    const reply = await uploadImage(
      c,
      whole.subarray(0, Math.floor(whole.length / 2)),
      'cut.jpg',
      'image/jpeg',
    );
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(ApiMessage.imageUnreadable);
    const after = await sqlRows(t, 'select count(*)::int as n from uploads');
    expect(after).toEqual(before);
  });

  it('needs a signed-in client', async () => {
    const reply = await t.api.raw('/client/app/v1/image', {
      method: 'POST',
      body: formWith(await pngImage(), 'a.png', 'image/png'),
    });
    expect(reply.status).toBe(401);
  });
});

describe('KYC submit and detail', () => {
  it('moves unverified → pending, names the client, and reads back the record', async () => {
    const c = await signUpClient(t);
    const reply = await submitKyc(c);
    expect(reply.status).toBe(200);
    const profile = (await t.api.get<TClientProfile>('/auth/app/v1/client_info', c.token)).body
      .data;
    expect(profile.kycStatus).toBe('pending');
    expect(profile.name).toBe('Ananya Iyer');
    const detail = (await t.api.get<TKycRecord>('/identify/app/v1/detail', c.token)).body.data;
    expect(detail).toMatchObject({
      full_name: 'Ananya Iyer',
      id_no: 'XXXXXX234F',
      dob: '1990-02-28',
      check_time: null,
    });
    expect(detail.id_front_url).toMatch(/^http/);
    expect((await fetch(detail.id_back_url)).status).toBe(200);
  });

  it('announces the submit on the app bus once it is committed', async () => {
    const heard: TransitionEvent[] = [];
    const off = t.ctx.bus.subscribe(transitionChannel('kyc'), (m) => heard.push(JSON.parse(m)));
    try {
      const c = await signUpClient(t);
      expect((await submitKyc(c)).status).toBe(200);
      await expect
        .poll(() => heard.filter((e) => e.id === c.id))
        .toEqual([
          expect.objectContaining({ action: 'kyc.submit', from: 'unverified', to: 'pending' }),
        ]);
    } finally {
      off();
    }
  });

  it('refuses a second submit while pending', async () => {
    const c = await signUpClient(t);
    await submitKyc(c);
    const again = await submitKyc(c);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe(ApiMessage.kycAlreadyPending);
  });

  it('lets exactly one of two racing submits through', async () => {
    const c = await signUpClient(t);
    const replies = await Promise.all([submitKyc(c), submitKyc(c)]);
    expect(replies.map((r) => r.status).sort()).toEqual([200, 400]);
  });

  it('masks an Aadhaar number and keeps it encrypted at rest', async () => {
    const c = await signUpClient(t);
    expect((await submitKyc(c, { id_no: '2341 2341 2346' })).status).toBe(200);
    const detail = (await t.api.get<TKycRecord>('/identify/app/v1/detail', c.token)).body.data;
    expect(detail.id_no).toBe('XXXX XXXX 2346');
    const rows = await sqlRows<{ action?: string; n?: number; id_no_enc?: string }>(
      t,
      `select id_no_enc from kyc_submissions where client_id = '${c.id}'`,
    );
    expect(JSON.stringify(rows)).not.toContain('234123412346');
  });

  it.each([
    [{ full_name: ' ' }, M.fullNameRequired],
    [{ dob: '' }, M.dobRequired],
    [{ dob: '28/02/1990' }, M.dobInvalid],
    [{ dob: '1899-12-31' }, M.dobInvalid],
    [{ dob: `${new Date().getUTCFullYear() - 10}-01-01` }, M.mustBeAdult],
    [{ mobile: '12345' }, M.phoneInvalid],
    [{ id_no: '' }, ApiMessage.kycIdRequired],
    [{ id_no: '234123412347' }, ApiMessage.kycIdInvalid],
    [{ id_front_url: 'ftp://x/y.png' }, ApiMessage.kycImageUrl],
  ])('refuses %j with its message', async (overrides, message) => {
    const c = await signUpClient(t);
    const reply = await submitKyc(c, overrides);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(message);
  });

  it("refuses another client's images (IDOR) and links the server never signed", async () => {
    const a = await signUpClient(t);
    const b = await signUpClient(t);
    const aImage = (await uploadImage(a, await pngImage())).body.data.url;
    const stolen = await submitKyc(b, { id_front_url: aImage });
    expect(stolen.status).toBe(400);
    expect(stolen.body.message).toBe(ApiMessage.kycImageNotYours);
    const made = await submitKyc(b, { id_back_url: 'https://evil.example/x.png' });
    expect(made.body.message).toBe(ApiMessage.kycImageNotYours);
  });

  it("never shows client A's record to client B", async () => {
    const a = await signUpClient(t);
    const b = await signUpClient(t);
    await submitKyc(a);
    const bDetail = await t.api.get('/identify/app/v1/detail', b.token);
    expect(bDetail.status).toBe(200);
    expect(bDetail.body.data).toBeNull();
    expect((await t.api.get('/identify/app/v1/detail')).status).toBe(401);
  });
});

describe('KYC review transitions', () => {
  it('approve stamps check_time; reject needs a reason; reopen lets the client submit again', async () => {
    const c = await signUpClient(t);
    await submitKyc(c);
    await expect(t.ctx.kyc.review(c.id, 'reject', staffActor)).rejects.toThrow(/reason/);
    await t.ctx.kyc.review(c.id, 'reject', staffActor, { reason: 'The photo is blurred.' });
    let detail = (await t.api.get<TKycRecord>('/identify/app/v1/detail', c.token)).body.data;
    expect(detail).toMatchObject({ status: 'rejected', reason: 'The photo is blurred.' });
    // The bell's notice says why (decision 056): the reason is the submission's, not the row's.
    const told = (await t.api.get<TClientNotifications>('/client/app/v1/notifications', c.token))
      .body.data.items;
    expect(told.find((n) => n.kind === 'kyc.reject')?.detail).toEqual({
      type: 'reason',
      reason: 'The photo is blurred.',
    });
    expect((await submitKyc(c)).body.message).toBe(ApiMessage.kycRejected);

    await t.ctx.kyc.review(c.id, 'reopen', staffActor);
    expect((await submitKyc(c)).status).toBe(200);
    await t.ctx.kyc.review(c.id, 'approve', staffActor);
    detail = (await t.api.get<TKycRecord>('/identify/app/v1/detail', c.token)).body.data;
    expect(detail.status).toBe('approved');
    expect(detail.check_time).not.toBeNull();
    expect((await submitKyc(c)).body.message).toBe(ApiMessage.kycAlreadyApproved);
  });

  it('refuses moves the transition table does not allow', async () => {
    const c = await signUpClient(t);
    await expect(t.ctx.kyc.review(c.id, 'approve', staffActor)).rejects.toThrow(/must be pending/);
    await expect(t.ctx.kyc.review(c.id, 'reopen', staffActor)).rejects.toThrow(/must be rejected/);
    expect(KYC_TRANSITIONS.approve.from).toEqual(['pending']);
  });

  it('writes an audit row for each move', async () => {
    const c = await signUpClient(t);
    await submitKyc(c);
    await t.ctx.kyc.review(c.id, 'approve', staffActor);
    const rows = await sqlRows<{ action?: string; n?: number; id_no_enc?: string }>(
      t,
      `select action, before, after from audit_log where subject_id = '${c.id}' and action like 'kyc.%' order by id`,
    );
    expect(rows.map((r) => r.action)).toEqual(['kyc.submit', 'kyc.approve']);
  });
});
