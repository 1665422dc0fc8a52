/**
 * The firm's digital signature on the documents it owes clients (contract notes, statements):
 * a PAdES baseline B-B signature over the whole file (`ETSI.CAdES.detached`, SHA-256, the CMS
 * written by `pades-cms.ts`) made with the firm's certificate, which `pdfsig` and PDF readers
 * verify (decision 057). The certificate is `SIGNING_CERT` (a PKCS#12 file) with
 * `SIGNING_CERT_PASSWORD`; without one, a self-signed demo certificate is made on the first
 * signature and kept in DATA_DIR, so a restart signs with the same one.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { APP_NAME } from '@sampada/shared';
import type { SignPdf } from '@signpdf/signpdf';
import type { Signer } from '@signpdf/utils';

export type DocumentSigner = {
  /** Reserves the signature's place in a pdfkit document; call before `doc.end()`. */
  reserve(doc: PDFKit.PDFDocument, reason: string): void;
  /** Signs the finished document's bytes (one that went through `reserve`). */
  sign(pdf: Buffer): Promise<Buffer>;
};

export type SigningIdentity = { p12: Buffer; password: string };

/** Room for a PKCS#7 signature with a 4096-bit key and a short chain. */
const SIGNATURE_LENGTH = 8192;
const BYTE_RANGE_PLACEHOLDER = '**********';
/** SigFlags: SignaturesExist | AppendOnly (ISO 32000-1, 12.7.2). */
const SIG_FLAGS = 3;
export const DEMO_CERT_FILE = 'signing-demo.p12';

/** A self-signed certificate for the demo: the firm's name, India, five years, RSA-2048. */
async function demoIdentity(): Promise<SigningIdentity> {
  const forge = (await import('node-forge')).default;
  const { privateKey, publicKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey);
  cert.serialNumber = `01${randomBytes(8).toString('hex')}`;
  cert.validity.notBefore = new Date();
  cert.validity.notAfter = new Date(cert.validity.notBefore);
  cert.validity.notAfter.setUTCFullYear(cert.validity.notAfter.getUTCFullYear() + 5);
  const names = [
    { name: 'commonName', value: `${APP_NAME} (demo signing certificate)` },
    { name: 'organizationName', value: APP_NAME },
    { name: 'countryName', value: 'IN' },
  ];
  cert.setSubject(names);
  cert.setIssuer(names);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, nonRepudiation: true },
  ]);
  cert.sign(key, forge.md.sha256.create());
  const password = randomBytes(18).toString('base64url');
  const asn1 = forge.pkcs12.toPkcs12Asn1(key, [cert], password, { algorithm: '3des' });
  return { p12: Buffer.from(forge.asn1.toDer(asn1).getBytes(), 'binary'), password };
}

/** The configured certificate, else the demo one kept in DATA_DIR (made once). */
export async function loadSigningIdentity(options: {
  certPath: string | undefined;
  certPassword: string | undefined;
  dataDir: string;
}): Promise<SigningIdentity> {
  if (options.certPath) {
    return { p12: readFileSync(options.certPath), password: options.certPassword ?? '' };
  }
  const file = path.join(options.dataDir, DEMO_CERT_FILE);
  const passwordFile = `${file}.password`;
  if (existsSync(file) && existsSync(passwordFile)) {
    return { p12: readFileSync(file), password: readFileSync(passwordFile, 'utf8').trim() };
  }
  const made = await demoIdentity();
  mkdirSync(options.dataDir, { recursive: true });
  writeFileSync(passwordFile, made.password, { mode: 0o600 });
  writeFileSync(file, made.p12, { mode: 0o600 });
  return made;
}

/** pdfkit writes a String object as a PDF string and a primitive string as a name. */
const pdfString = (text: string): object => Object(text) as object;

/**
 * The signature dictionary and its invisible widget on the current page, as
 * @signpdf/placeholder-pdfkit writes them (that package pins pdfkit 0.11; ours is newer). The
 * Contents go in as bytes, which pdfkit writes as unencrypted hex even in a document opened
 * with a password, as ISO 32000 requires of a signature's Contents.
 */
function reservePlaceholder(doc: PDFKit.PDFDocument, reason: string) {
  const pdf = doc as unknown as PdfKitInternals;
  const signature = pdf.ref({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'ETSI.CAdES.detached',
    ByteRange: [0, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER, BYTE_RANGE_PLACEHOLDER],
    Contents: Buffer.alloc(SIGNATURE_LENGTH),
    Reason: pdfString(reason),
    // The signing time: PAdES B-B keeps it here, and out of the CMS.
    M: new Date(),
    Name: pdfString(APP_NAME),
    Location: pdfString('India'),
    Prop_Build: { Filter: { Name: 'Adobe.PPKLite' }, App: { Name: APP_NAME } },
  });
  if (!pdf._acroform) pdf.initForm();
  const form = pdf._root.data.AcroForm;
  form.data = { Type: 'AcroForm', SigFlags: SIG_FLAGS, Fields: form.data.Fields, DR: form.data.DR };
  const widget = pdf.ref({
    Type: 'Annot',
    Subtype: 'Widget',
    FT: 'Sig',
    Rect: [0, 0, 0, 0],
    V: signature,
    T: pdfString(`Signature${form.data.Fields.length + 1}`),
    P: pdf.page.dictionary,
  });
  pdf.page.annotations.push(widget);
  form.data.Fields.push(widget);
  signature.end();
  widget.end();
}

/** The part of pdfkit's document the placeholder reaches, which its typings leave out. */
type PdfKitRef = { end(): void };
type PdfKitInternals = {
  ref(data: Record<string, unknown>): PdfKitRef;
  initForm(): void;
  _acroform?: unknown;
  _root: {
    data: { AcroForm: { data: { Fields: PdfKitRef[]; DR?: unknown } & Record<string, unknown> } };
  };
  page: { dictionary: PdfKitRef; annotations: PdfKitRef[] };
};

/**
 * For a document made where the firm's key is not (a worker thread making contract notes): the
 * signature's place is reserved as usual, and `sign` hands the bytes back unsigned, for the
 * real signer to sign in the thread that holds the key.
 */
export const SIGNED_ELSEWHERE: DocumentSigner = {
  reserve: (doc, reason) => reservePlaceholder(doc, reason),
  sign: async (pdf) => pdf,
};

/**
 * A signer that loads (or makes) the identity on its first use and unwraps its key once; each
 * signature after that is a SHA-256 over the file and one RSA signature (decision 057).
 */
export function createDocumentSigner(load: () => Promise<SigningIdentity>): DocumentSigner {
  let ready: Promise<{ signPdf: SignPdf; signer: Signer }> | null = null;
  const prepare = async () => {
    const [identity, { SignPdf }, { PadesSigner, readSigningKey }] = await Promise.all([
      load(),
      import('@signpdf/signpdf'),
      import('./pades-cms.ts'),
    ]);
    return { signPdf: new SignPdf(), signer: new PadesSigner(readSigningKey(identity)) };
  };
  return {
    reserve: (doc, reason) => reservePlaceholder(doc, reason),
    async sign(pdf) {
      const { signPdf, signer } = await (ready ??= prepare());
      return signPdf.sign(pdf, signer);
    },
  };
}
