/**
 * No enumeration (issue 32): each pair a stranger could compare to learn whether a mobile has
 * an account answers alike, body for body — sign-up with a bad invitation, a reset-code check,
 * a sign-in. Each pair's times are printed beside the answers (the figure in
 * docs/reliability.md), measured, never asserted.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiMessage, md5 } from '@sampada/shared';
import {
  buildTestApp,
  nextMobile,
  signUpClient,
  type Reply,
  type TestApp,
} from '../../test/helpers.ts';

let t: TestApp;
// Behind a trusted proxy: every request speaks from its own address, so no per-IP count
// turns a later request of a pair into a 429.
beforeAll(async () => {
  t = await buildTestApp({ env: { TRUST_PROXY: 'true' } });
});
afterAll(async () => t.close());

let nextSource = 1;
const source = () => ({ 'x-forwarded-for': `203.0.113.${nextSource++}` });

const SAMPLES = 8;

async function timed(request: () => Promise<Reply>, times: number[]) {
  const started = performance.now();
  const reply = await request();
  times.push(performance.now() - started);
  return reply;
}

const median = (times: number[]) =>
  Math.round([...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!);

/**
 * Both sides answer the same body every time; prints the pair's median times. The two sides
 * take turns at going first, so neither gains from its place in the order.
 */
async function alike(name: string, known: () => Promise<Reply>, unknown: () => Promise<Reply>) {
  const replies: Reply[] = [];
  const knownTimes: number[] = [];
  const unknownTimes: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    if (i % 2 === 0)
      replies.push(await timed(known, knownTimes), await timed(unknown, unknownTimes));
    else replies.push(await timed(unknown, unknownTimes), await timed(known, knownTimes));
  }
  console.info(
    `${name}: known ${median(knownTimes)} ms, unknown ${median(unknownTimes)} ms (medians of ${SAMPLES})`,
  );
  for (const reply of replies) expect(reply.body).toEqual(replies[1]!.body);
  return replies[1]!;
}

describe('the enumeration pairs answer alike', () => {
  it('sign-up with a bad invitation: a taken mobile and a free one', async () => {
    const known = await signUpClient(t);
    const register = (mobile: string) => () =>
      t.api.post(
        '/auth/app/v1/register',
        { username: `+91${mobile}`, password: md5('secret123'), invite_code: 'NOPE2345' },
        undefined,
        source(),
      );
    const reply = await alike(
      'register, bad invitation',
      register(known.mobile),
      register(nextMobile()),
    );
    expect(reply.body.message).toBe(ApiMessage.inviteUnknown);
  });

  it('a reset-code check: a wrong code for a client who has one, a client without one, an unknown mobile', async () => {
    const withCode = await signUpClient(t);
    const { code } = await t.ctx.auth.issueResetCode(withCode.mobile, {
      type: 'system',
      id: 'test',
    });
    const wrong = code === '000000' ? '111111' : '000000';
    const without = await signUpClient(t);
    const check = (mobile: string) => () =>
      t.api.post(
        '/client/app/v1/code',
        { email: `+91${mobile}`, code: wrong },
        undefined,
        source(),
      );
    const unknown = nextMobile();
    const reply = await alike(
      'reset code, client with a code',
      check(withCode.mobile),
      check(unknown),
    );
    await alike('reset code, client without a code', check(without.mobile), check(unknown));
    expect(reply.body.message).toBe(ApiMessage.resetCodeInvalid);
  });

  it('sign-in: a wrong password for a client and any password for an unknown mobile', async () => {
    const known = await signUpClient(t);
    const login = (mobile: string) => () =>
      t.api.post(
        '/auth/app/v1/login',
        { username: mobile, password: md5('wrong-guess') },
        undefined,
        source(),
      );
    const reply = await alike('sign-in', login(known.mobile), login(nextMobile()));
    expect(reply.status).toBe(400);
  });
});
