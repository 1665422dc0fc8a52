/**
 * The firm's signature: a demo certificate made once and kept, a configured PKCS#12 used as
 * given, and a signed PDF that poppler's pdfsig verifies, whose CMS is PAdES baseline B-B's.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { createDocumentSigner, DEMO_CERT_FILE, loadSigningIdentity } from './document-signing.ts';
import { certificateDer, OID, readSigningKey } from './pades-cms.ts';
import { openPdf } from './pdf.ts';
import { signedAttributesOf } from '../test/pdf-signature.ts';

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

  it('signs as PAdES B-B: content type, digest and signing-certificate-v2, no signing time', async () => {
    const identity = await loadSigningIdentity({
      certPath: undefined,
      certPassword: undefined,
      dataDir: path.join(dir, 'pades'),
    });
    const pdf = await openPdf({
      title: 'A statement',
      margin: 40,
      signed: { signer: createDocumentSigner(async () => identity), reason: 'Statement' },
    });
    pdf.doc.text('Statement of funds');
    const signed = await pdf.finish();
    const file = path.join(dir, 'pades.pdf');
    writeFileSync(file, signed);
    const { stdout } = await run('pdfsig', [file]);
    expect(stdout).toContain('Signature Validation: Signature is Valid.');
    expect(stdout).toContain('Signer Certificate Common Name: Sampada');
    expect(signed.toString('latin1')).toMatch(/\/SubFilter \/ETSI\.CAdES\.detached/);
    expect(signed.toString('latin1')).toMatch(/\/M \(D:\d{14}Z\)/);

    const { attributes, digestAlgorithm, signedBytes } = signedAttributesOf(signed);
    expect(digestAlgorithm).toBe(OID.sha256);
    expect(attributes.map((a) => a.type)).toEqual([
      OID.contentType,
      OID.messageDigest,
      OID.signingCertificateV2,
    ]);
    expect(attributes.map((a) => a.type)).not.toContain(OID.signingTime);
    const signer = readSigningKey(identity).certificates[0]!;
    const certHash = createHash('sha256').update(certificateDer(signer)).digest();
    expect(attributes[2]!.certHashes).toEqual([certHash]);
    expect(attributes[1]!.digest).toEqual(createHash('sha256').update(signedBytes).digest());
  });
});
