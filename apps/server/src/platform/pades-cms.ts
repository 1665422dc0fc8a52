/**
 * The firm's CMS signature in the form PAdES baseline B-B asks (ETSI EN 319 142-1, decision
 * 057): SignedData over the PDF's byte ranges, detached, SHA-256, whose signed attributes are
 * exactly content-type, message-digest and ESS signing-certificate-v2 (RFC 5035) and carry no
 * signing-time, because PAdES puts the time in the signature dictionary's /M.
 *
 * Written on node-forge's ASN.1 rather than its `pkcs7.createSignedData`, because forge encodes
 * only the three attribute types it knows (forge 1.4.3 writes any other as an empty SET, dropping
 * the value even when it is given as ASN.1), and
 * `@signpdf/signer-p12` (no longer a dependency) always added signing-time. The RSA signature
 * itself is node's.
 */
import { createHash, createPrivateKey, type KeyObject, sign } from 'node:crypto';
import { Signer } from '@signpdf/utils';
import forge from 'node-forge';
import type { SigningIdentity } from './document-signing.ts';

const { asn1 } = forge;
type Asn1 = forge.asn1.Asn1;

export const OID = {
  signedData: '1.2.840.113549.1.7.2',
  data: '1.2.840.113549.1.7.1',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  sha256WithRsa: '1.2.840.113549.1.1.11',
} as const;

/** The parsed identity: unwrapping a PKCS#12 costs tens of milliseconds, so it is done once. */
export type SigningKey = {
  key: KeyObject;
  /** The signer's certificate first, then the rest of the chain the file holds. */
  certificates: forge.pki.Certificate[];
};

const universal = (type: forge.asn1.Type, value: string | Asn1[]) =>
  asn1.create(asn1.Class.UNIVERSAL, type, Array.isArray(value), value);
const sequence = (items: Asn1[]) => universal(asn1.Type.SEQUENCE, items);
const oid = (id: string) => universal(asn1.Type.OID, asn1.oidToDer(id).getBytes());
const octets = (bytes: Buffer) => universal(asn1.Type.OCTETSTRING, bytes.toString('binary'));
const integer = (n: number) => universal(asn1.Type.INTEGER, String.fromCharCode(n));
const contextTag0 = (items: Asn1[]) => asn1.create(asn1.Class.CONTEXT_SPECIFIC, 0, true, items);
const der = (node: Asn1) => Buffer.from(asn1.toDer(node).getBytes(), 'binary');
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest();

export const certificateDer = (certificate: forge.pki.Certificate) =>
  der(forge.pki.certificateToAsn1(certificate));

/** The key and certificates of a PKCS#12 file; the signer's is the one that matches the key. */
export function readSigningKey({ p12, password }: SigningIdentity): SigningKey {
  const pfx = forge.pkcs12.pkcs12FromAsn1(asn1.fromDer(p12.toString('binary')), false, password);
  const keyBagType = forge.pki.oids.pkcs8ShroudedKeyBag!;
  const certBagType = forge.pki.oids.certBag!;
  const keyBag = pfx.getBags({ bagType: keyBagType })[keyBagType]?.[0];
  const key = keyBag?.key;
  if (!key) throw new Error('The signing certificate file holds no RSA private key.');
  const certificates = (pfx.getBags({ bagType: certBagType })[certBagType] ?? []).flatMap((bag) =>
    bag.cert ? [bag.cert] : [],
  );
  const matches = (cert: forge.pki.Certificate) => {
    const publicKey = cert.publicKey as forge.pki.rsa.PublicKey;
    return publicKey.n?.equals(key.n) && publicKey.e.equals(key.e);
  };
  const own = certificates.find(matches);
  if (!own) throw new Error('No certificate in the signing file matches its private key.');
  return {
    key: createPrivateKey(forge.pki.privateKeyToPem(key)),
    certificates: [own, ...certificates.filter((cert) => cert !== own)],
  };
}

/** An attribute: its type and a SET holding its one value. */
const attribute = (type: string, value: Asn1) =>
  sequence([oid(type), universal(asn1.Type.SET, [value])]);

/**
 * The signed attributes in DER order (a SET OF sorts by encoding). ESSCertIDv2 leaves out
 * hashAlgorithm, whose DEFAULT is SHA-256, and issuerSerial, which CAdES baselines do not need.
 */
function signedAttributes(content: Buffer, signerDer: Buffer): Asn1[] {
  const essCertIdV2 = sequence([octets(sha256(signerDer))]);
  const attributes = [
    attribute(OID.contentType, oid(OID.data)),
    attribute(OID.messageDigest, octets(sha256(content))),
    attribute(OID.signingCertificateV2, sequence([sequence([essCertIdV2])])),
  ];
  return attributes
    .map((node) => ({ node, bytes: der(node) }))
    .sort((a, b) => Buffer.compare(a.bytes, b.bytes))
    .map(({ node }) => node);
}

/** IssuerAndSerialNumber, copied from the certificate's own encoding. */
function issuerAndSerial(certificate: forge.pki.Certificate): Asn1 {
  const fields = certificate.tbsCertificate.value as Asn1[];
  const hasVersion = fields[0]!.tagClass === asn1.Class.CONTEXT_SPECIFIC;
  const serial = fields[hasVersion ? 1 : 0]!;
  const issuer = fields[hasVersion ? 3 : 2]!;
  return sequence([issuer, serial]);
}

/** The DER ContentInfo of a detached SignedData over `content` (RFC 5652, section 5). */
export function padesCms(content: Buffer, { key, certificates }: SigningKey): Buffer {
  const signer = certificates[0]!;
  const attributes = signedAttributes(content, certificateDer(signer));
  // The signature covers the attributes encoded as a SET, not under their [0] tag (5.4).
  const signature = sign('sha256', der(universal(asn1.Type.SET, attributes)), key);
  const signerInfo = sequence([
    integer(1),
    issuerAndSerial(signer),
    sequence([oid(OID.sha256)]),
    contextTag0(attributes),
    sequence([oid(OID.sha256WithRsa), universal(asn1.Type.NULL, '')]),
    octets(signature),
  ]);
  const signedData = sequence([
    integer(1),
    universal(asn1.Type.SET, [sequence([oid(OID.sha256)])]),
    sequence([oid(OID.data)]),
    contextTag0(certificates.map((cert) => forge.pki.certificateToAsn1(cert))),
    universal(asn1.Type.SET, [signerInfo]),
  ]);
  return der(sequence([oid(OID.signedData), contextTag0([signedData])]));
}

/** What `@signpdf/signpdf` calls with the bytes to sign (the file less its Contents). */
export class PadesSigner extends Signer {
  readonly signingKey: SigningKey;

  constructor(signingKey: SigningKey) {
    super();
    this.signingKey = signingKey;
  }

  override sign(pdf: Buffer): Promise<Buffer> {
    return Promise.resolve(padesCms(pdf, this.signingKey));
  }
}
