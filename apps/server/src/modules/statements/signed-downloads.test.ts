/**
 * What a client downloads in the app (issue 36, decision 057): the contract note, the statement
 * of funds and the statement of securities, over HTTP on real PostgreSQL, each signed by the
 * firm as PAdES B-B (pdfsig finds the signature valid) and, behind the client's own sign-in,
 * not encrypted (pdftotext opens it without a password).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { OID } from '../../platform/pades-cms.ts';
import { buildTestApp, type TestApp } from '../../test/helpers.ts';
import { pdfsigOf, signedAttributesOf } from '../../test/pdf-signature.ts';
import { openDeposits } from '../funds/test-fixtures.ts';
import { istToday, placed, runMarket, trader, untilSettled } from '../trading/test-fixtures.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
const run = promisify(execFile);

describe('documents downloaded in the app', () => {
  let t: TestApp;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'signed-downloads-'));

  beforeAll(async () => {
    t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true' } });
    await openDeposits(t);
    await runMarket(t, 4);
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** The PDF at `url`, its signature checked by pdfsig and its text read without a password. */
  async function signedDownload(url: string, token: string) {
    const response = await t.api.raw(url, { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const pdf = Buffer.from(await response.arrayBuffer());
    const report = await pdfsigOf(pdf);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Total document signed');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    expect(report).toContain('Signer Certificate Common Name: Sampada (demo signing certificate)');
    expect(signedAttributesOf(pdf).attributes.map((a) => a.type)).toEqual([
      OID.contentType,
      OID.messageDigest,
      OID.signingCertificateV2,
    ]);
    const file = path.join(dir, 'download.pdf');
    writeFileSync(file, pdf);
    return (await run('pdftotext', ['-layout', file, '-'])).stdout;
  }

  it('signs the contract note and both statements, unencrypted', async () => {
    const asha = await trader(t, 200_000);
    // Over the minimum order value (₹19,000) at the simulated price.
    const quantity = Math.ceil(2_000_000 / Number(t.ctx.market.engine.state('INFY')!.last)) + 1;
    const order = await placed(t, asha, { type: 'market', symbol: 'INFY', side: 'buy', quantity });
    const done = await untilSettled(t, asha, order.id);
    const noteNo = done.fills[0]!.contract_note_no;

    const note = await signedDownload(`/trade/app/v1/contract-notes/${noteNo}/pdf`, asha.token);
    expect(note).toContain(noteNo);
    const today = istToday(t);
    const funds = await signedDownload(
      `/funds/app/v1/statement?from=${today}&to=${today}&format=pdf`,
      asha.token,
    );
    expect(funds).toContain('statement of account');
    const securities = await signedDownload(
      '/funds/app/v1/holdings-statement?format=pdf',
      asha.token,
    );
    expect(securities).toContain('INFY');
  });
});
