/**
 * The firm's signature: a demo certificate made once and kept, a configured PKCS#12 used as
 * given, and a signed PDF that poppler's pdfsig verifies.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createDocumentSigner, DEMO_CERT_FILE, loadSigningIdentity } from './document-signing.ts';
import { openPdf } from './pdf.ts';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(os.tmpdir(), 'signing-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the firm signs the documents it sends', () => {
  it('makes the demo certificate on first use and signs with the same one after a restart', async () => {
    const dataDir = path.join(dir, 'data');
    const first = await loadSigningIdentity({
      certPath: undefined,
      certPassword: undefined,
      dataDir,
    });
    const again = await loadSigningIdentity({
      certPath: undefined,
      certPassword: undefined,
      dataDir,
    });
    expect(again.p12.equals(first.p12)).toBe(true);
    expect(again.password).toBe(first.password);
    expect(readFileSync(path.join(dataDir, DEMO_CERT_FILE)).equals(first.p12)).toBe(true);
  });

  it('uses the configured certificate as given, and pdfsig finds the whole file signed and valid', async () => {
    const made = await loadSigningIdentity({
      certPath: undefined,
      certPassword: undefined,
      dataDir: path.join(dir, 'elsewhere'),
    });
    const certPath = path.join(dir, 'firm.p12');
    writeFileSync(certPath, made.p12);
    const configured = await loadSigningIdentity({
      certPath,
      certPassword: made.password,
      dataDir: path.join(dir, 'unused'),
    });
    expect(configured.p12.equals(made.p12)).toBe(true);

    const signer = createDocumentSigner(async () => configured);
    const pdf = await openPdf({
      title: 'A signed page',
      margin: 40,
      signed: { signer, reason: 'Contract note' },
    });
    pdf.doc.text('Contract note CN-1');
    const file = path.join(dir, 'signed.pdf');
    writeFileSync(file, await pdf.finish());
    const { stdout } = await run('pdfsig', [file]);
    expect(stdout).toContain('Signature Validation: Signature is Valid.');
    expect(stdout).toContain('Total document signed');
    expect(stdout).toContain('Signature Type: ETSI.CAdES.detached');
    expect((await run('pdftotext', [file, '-'])).stdout).toContain('Contract note CN-1');
  });
});
