/**
 * Reading a signed PDF back in tests: poppler's pdfsig report, and the CMS out of the
 * signature's Contents, parsed by node-forge, to check what the signed attributes are.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';

const run = promisify(execFile);
const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;

/** pdfsig's report on the PDF (opened with `password` when it has one). */
export async function pdfsigOf(pdf: Buffer, password?: string): Promise<string> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pdfsig-'));
  try {
    const file = path.join(dir, 'signed.pdf');
    writeFileSync(file, pdf);
    const { stdout } = await run('pdfsig', [...(password ? ['-upw', password] : []), file]);
    return stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const children = (node: Asn1 | undefined) => (node?.value ?? []) as Asn1[];
const bytesOf = (node: Asn1 | undefined) => Buffer.from((node?.value ?? '') as string, 'binary');
const oidOf = (node: Asn1 | undefined) => asn1.derToOid((node?.value ?? '') as string);

export type SignedAttribute = {
  type: string;
  /** messageDigest's value. */
  digest?: Buffer;
  /** signing-certificate-v2's certificate hashes, in order. */
  certHashes?: Buffer[];
};

/** One attribute: its type, and the value read where the type is one a test checks. */
function readAttribute(node: Asn1): SignedAttribute {
  const [type, values] = children(node);
  const value = children(values)[0];
  const read: SignedAttribute = { type: oidOf(type) };
  if (read.type === '1.2.840.113549.1.9.4') read.digest = bytesOf(value);
  if (read.type === '1.2.840.113549.1.9.16.2.47') {
    const essCertIds = children(children(value)[0]);
    // hashAlgorithm is left out when it is SHA-256 (its DEFAULT), so the hash is an OCTET STRING.
    read.certHashes = essCertIds.map((id) =>
      bytesOf(children(id).find((field) => field.type === asn1.Type.OCTETSTRING)),
    );
  }
  return read;
}

/** The first signature's signer: its digest algorithm, signed attributes and the bytes signed. */
export function signedAttributesOf(pdf: Buffer) {
  const text = pdf.toString('latin1');
  const range = /\/ByteRange \[(\d+) +(\d+) +(\d+) +(\d+) *\]/.exec(text);
  if (!range) throw new Error('The PDF has no /ByteRange.');
  const [a, b, c, d] = range.slice(1, 5).map(Number) as [number, number, number, number];
  const signedBytes = Buffer.concat([pdf.subarray(a, a + b), pdf.subarray(c, c + d)]);
  const hex = text.slice(a + b + 1, c - 1);
  // The Contents are padded with zeros after the DER: parse the first object only (forge takes
  // an options object here, which its typings leave out).
  const options = { parseAllBytes: false } as unknown as boolean;
  const contentInfo = asn1.fromDer(Buffer.from(hex, 'hex').toString('binary'), options);
  const signedData = children(children(contentInfo)[1])[0];
  const signerInfos = children(signedData).at(-1);
  const signerInfo = children(children(signerInfos)[0]);
  const signedAttrs = signerInfo.find(
    (field) => field.tagClass === asn1.Class.CONTEXT_SPECIFIC && field.type === 0,
  );
  return {
    digestAlgorithm: oidOf(children(signerInfo[2])[0]),
    attributes: children(signedAttrs).map(readAttribute),
    signedBytes,
  };
}
