import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_MSG, md5, type TEmailState } from '@sampada/shared';
import { MINUTE } from '../../platform/clock.ts';
import {
  buildTestApp,
  signUpClient,
  type SignedUpClient,
  type TestApp,
} from '../../test/helpers.ts';
import { startTestSmtp, type TestSmtp } from '../mail/test-smtp.ts';

const URL = '/client/app/v1/email';
const PIN = md5('2468');

describe('verifying a client’s e-mail address', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  let client: SignedUpClient;

  /** Delivers the outbox and answers the code in the newest message to `address`. */
  async function codeSentTo(address: string) {
    const before = smtp.received.length;
    await t.ctx.mail.deliverDue();
    const mails = await smtp.waitFor(before + 1);
    const mail = mails.filter((m) => (m.to && 'text' in m.to ? m.to.text : '') === address).at(-1)!;
    return /^(\d{6}) is your/.exec(mail.subject ?? '')![1]!;
  }

  beforeAll(async () => {
    smtp = await startTestSmtp();
    // Sessions outlive the code's 15 minutes, so the lapse is the code's, not the token's.
    t = await buildTestApp({ env: { SMTP_URL: smtp.url, ACCESS_TOKEN_TTL: '3600' } });
    client = await signUpClient(t);
    await t.ctx.clients.setPin(client.id, PIN);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('refuses an address that is not one, with a clear message', async () => {
    const reply = await t.api.post(URL, { address: 'not-an-address' }, client.token);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(EMAIL_MSG.addressInvalid);
  });

  it('sends a 6-digit code to a new address and verifies it, a wrong code costing a try', async () => {
    const asked = await t.api.post<TEmailState>(URL, { address: 'Asha@Client.test' }, client.token);
    expect(asked.status).toBe(200);
    expect(asked.body.message).toBe(EMAIL_MSG.codeSent);
    expect(asked.body.data).toMatchObject({
      address: null,
      pending: { address: 'asha@client.test' },
    });
    const code = await codeSentTo('asha@client.test');
    const wrong = code === '000000' ? '111111' : '000000';
    const miss = await t.api.post(`${URL}/verify`, { code: wrong }, client.token);
    expect(miss.status).toBe(400);
    expect(miss.body.message).toBe(EMAIL_MSG.codeWrong(4));
    const hit = await t.api.post<TEmailState>(`${URL}/verify`, { code }, client.token);
    expect(hit.status).toBe(200);
    expect(hit.body.data).toMatchObject({ address: 'asha@client.test', pending: null });
    expect(hit.body.data.verified_at).not.toBeNull();
  });

  it('needs the PIN to replace a verified address and tells the old address', async () => {
    const noPin = await t.api.post(URL, { address: 'asha.new@client.test' }, client.token);
    expect(noPin.status).toBe(400);
    expect(noPin.body.message).toBe(EMAIL_MSG.pinNeeded);
    const badPin = await t.api.post(
      URL,
      { address: 'asha.new@client.test', pin: md5('9999') },
      client.token,
    );
    expect(badPin.status).toBe(400);
    const ok = await t.api.post(URL, { address: 'asha.new@client.test', pin: PIN }, client.token);
    expect(ok.status).toBe(200);
    const code = await codeSentTo('asha.new@client.test');
    expect((await t.api.post(`${URL}/verify`, { code }, client.token)).status).toBe(200);
    const before = smtp.received.length;
    await t.ctx.mail.deliverDue();
    const [notice] = (await smtp.waitFor(before + 1)).slice(before);
    expect(notice!.to && 'text' in notice!.to ? notice!.to.text : '').toBe('asha@client.test');
    expect(notice!.subject).toBe('Your Sampada e-mail address was changed');
    expect(notice!.text).toContain('asha.new@client.test');
  });

  it('stops a code after five wrong tries', async () => {
    const other = await signUpClient(t);
    await t.api.post(URL, { address: 'five@client.test' }, other.token);
    const code = await codeSentTo('five@client.test');
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push((await t.api.post(`${URL}/verify`, { code: wrong }, other.token)).body.message);
    expect(answers).toEqual([4, 3, 2, 1].map(EMAIL_MSG.codeWrong).concat(EMAIL_MSG.codeSpent));
    const late = await t.api.post(`${URL}/verify`, { code }, other.token);
    expect(late.body.message).toBe(EMAIL_MSG.codeSpent);
  });

  it('lets a code lapse after 15 minutes', async () => {
    const other = await signUpClient(t);
    await t.api.post(URL, { address: 'late@client.test' }, other.token);
    const code = await codeSentTo('late@client.test');
    t.clock.advance(15 * MINUTE);
    const reply = await t.api.post(`${URL}/verify`, { code }, other.token);
    expect(reply.status).toBe(400);
    expect(reply.body.message).toBe(EMAIL_MSG.codeExpired);
  });

  it('shows a client only their own address', async () => {
    const stranger = await signUpClient(t);
    const reply = await t.api.get<TEmailState>(URL, stranger.token);
    expect(reply.body.data).toEqual({ address: null, verified_at: null, pending: null });
  });
});
