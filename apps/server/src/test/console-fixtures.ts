/** Console test fixtures: clients of a chosen advisor, taken through KYC over the real API. */
import { md5, type TAuthData } from '@sampada/shared';
import { nextMobile, type TestApp } from './helpers.ts';
import { formWith, pngImage } from './images.ts';

const system = { type: 'system', id: 'test' } as const;

export type ConsoleClient = { id: string; mobile: string; token: string; password: string };

/** Registers a client with an invitation code of `advisorId`, through the real API. */
export async function clientOfAdvisor(
  t: TestApp,
  advisorId: string,
  password = 'secret123',
): Promise<ConsoleClient> {
  const advisor = await t.ctx.staff.findById(advisorId);
  const invite = await t.ctx.invites.createInvite(advisor!, {}, system);
  const mobile = nextMobile();
  const reply = await t.api.post<TAuthData>('/auth/app/v1/register', {
    username: `+91${mobile}`,
    password: md5(password),
    invite_code: invite.code,
  });
  if (reply.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(reply.body)}`);
  const row = await t.ctx.clients.findByMobile(`+91${mobile}`);
  return { id: row!.id, mobile: `+91${mobile}`, token: reply.body.data.access_token, password };
}

/** Uploads both ID sides and submits KYC as the client; status becomes pending. */
export async function submitKyc(t: TestApp, client: ConsoleClient, fullName = 'Ananya Iyer') {
  const upload = async () =>
    (
      await t.api.upload<{ url: string }>(
        '/client/app/v1/image',
        formWith(await pngImage(), 'id.png', 'image/png'),
        client.token,
      )
    ).body.data.url;
  const reply = await t.api.post(
    '/identify/app/v1',
    {
      full_name: fullName,
      dob: '1990-02-28',
      id_no: 'ABCPI1234F',
      id_front_url: await upload(),
      id_back_url: await upload(),
    },
    client.token,
  );
  if (reply.status !== 200) throw new Error(`KYC submit failed: ${JSON.stringify(reply.body)}`);
}

/** A client of `advisorId` whose KYC is pending (or rejected) review. */
export async function clientWithKyc(
  t: TestApp,
  advisorId: string,
  status: 'pending' | 'rejected' = 'pending',
) {
  const client = await clientOfAdvisor(t, advisorId);
  await submitKyc(t, client);
  if (status === 'rejected')
    await t.ctx.kyc.review(client.id, 'reject', system, { reason: 'Blurred photo' });
  return client;
}
