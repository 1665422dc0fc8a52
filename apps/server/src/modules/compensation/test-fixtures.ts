/** Compensation test fixtures: clients with allow_compensation, evidence uploads, claims over HTTP. */
import type { TClaimDetail, TCompensationApply, TConsoleClaimDetail } from '@sampada/shared';
import { formWith, pngImage } from '../../test/images.ts';
import { viewerFor } from '../../platform/viewer.ts';
import type { SignedInStaff, TestApp } from '../../test/helpers.ts';
import { keyed, type MoneyClient, moneyClient, system } from '../funds/test-fixtures.ts';

export const CONSOLE = '/console/api/v1/compensation';
const ADMIN_VIEWER = viewerFor({
  staffId: '00000000-0000-4000-8000-000000000000',
  roles: ['admin'],
});

export const setFlags = (
  t: TestApp,
  clientId: string,
  flags: { allow_compensation?: boolean; allow_bonus?: boolean },
) => t.ctx.clients.setFlags(ADMIN_VIEWER, clientId, flags, system);

/** A KYC-approved client with allow_compensation (unless off). */
export async function claimant(t: TestApp, options: { allow?: boolean } = {}) {
  const client = await moneyClient(t);
  if (options.allow !== false) await setFlags(t, client.id, { allow_compensation: true });
  return client;
}

/** Uploads an evidence image and answers its signed link. */
export async function evidence(t: TestApp, client: MoneyClient, purpose = 'evidence') {
  const reply = await t.api.upload<{ url: string }>(
    `/client/app/v1/image?purpose=${purpose}`,
    formWith(await pngImage(320, 240), 'shot.png', 'image/png'),
    client.token,
  );
  if (reply.status !== 200) throw new Error(`upload failed: ${JSON.stringify(reply.body)}`);
  return reply.body.data.url;
}

export const applyClaim = (t: TestApp, client: MoneyClient, body: TCompensationApply) =>
  t.api.post<TClaimDetail>('/compensation/app/v1/apply', body, client.token, keyed());

export async function claimed(
  t: TestApp,
  client: MoneyClient,
  body: Partial<TCompensationApply> = {},
): Promise<TClaimDetail> {
  const reply = await applyClaim(t, client, {
    category: 'wrong_charge',
    amount_paise: 250_000,
    description: 'DP charge applied twice on one sell.',
    ...body,
  });
  if (reply.status !== 200) throw new Error(`apply refused: ${JSON.stringify(reply.body)}`);
  return reply.body.data;
}

export function decide(
  t: TestApp,
  officer: SignedInStaff,
  claimId: string,
  action: 'review' | 'ask-info' | 'approve' | 'reject' | 'pay',
  body: object = {},
) {
  return t.api.post<TConsoleClaimDetail>(
    `${CONSOLE}/claims/${claimId}/${action}`,
    body,
    officer.token,
    keyed(),
  );
}
