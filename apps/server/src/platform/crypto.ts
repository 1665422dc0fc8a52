/** Hashing, encryption and signing primitives; nothing here knows about the domain. */
import {
  createCipheriv,
  createDecipheriv,
  createHash,
  createHmac,
  hkdfSync,
  randomBytes,
  randomInt,
  scrypt,
  timingSafeEqual,
} from 'node:crypto';
import {
  type Algorithm,
  hash as argon2Hash,
  parseOptions,
  verify as argon2Verify,
} from '@node-rs/argon2';

// argon2id at OWASP's first recommended setting (m=19 MiB, t=2, p=1): ~45 ms a hash on this class of
// machine, memory-hard, computed on libuv's thread pool by a maintained native package with prebuilt
// binaries. The PHC string it returns carries its own parameters, so they can be raised later.
const ARGON2 = { memoryCost: 19456, timeCost: 2, parallelism: 1, algorithm: 2 as Algorithm };

// Hashes written before argon2id: `scrypt$N$r$p$salt$hash`. They still verify, and callers
// re-hash them (needsRehash) at the next successful sign-in or PIN check.
const SCRYPT_MAXMEM = 64 * 1024 * 1024;

/** An argon2id PHC string (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`). */
export const hashSecret = (secret: string): Promise<string> => argon2Hash(secret, ARGON2);

let verifications = 0;
/**
 * How many stored hashes this process has checked: the costly step the sign-in and PIN limits
 * exist to bound (a limit that refuses only after hashing bounds nothing).
 */
export const secretVerifications = () => verifications;

export async function verifySecret(secret: string, stored: string): Promise<boolean> {
  verifications++;
  if (stored.startsWith('$argon2')) {
    try {
      return await argon2Verify(stored, secret);
    } catch {
      return false; // a malformed stored hash never matches
    }
  }
  return verifyScrypt(secret, stored);
}

/** True when a stored hash is not argon2id at the current parameters: re-hash it after a match. */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith('$argon2id$')) return true;
  try {
    const o = parseOptions(stored);
    return (
      o.memoryCost !== ARGON2.memoryCost ||
      o.timeCost !== ARGON2.timeCost ||
      o.parallelism !== ARGON2.parallelism
    );
  } catch {
    return true;
  }
}

async function verifyScrypt(secret: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64');
  const actual = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      secret,
      Buffer.from(salt, 'base64'),
      expected.length,
      { N: Number(n), r: Number(r), p: Number(p), maxmem: SCRYPT_MAXMEM },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  );
  return timingSafeEqual(expected, actual);
}

/**
 * The old scheme's hash (N=2^15, r=8, p=1), kept only so tests can create the hashes that
 * accounts made before argon2id still hold. Production code never writes these.
 */
export async function hashSecretScryptLegacy(secret: string): Promise<string> {
  const params = { N: 2 ** 15, r: 8, p: 1 };
  const salt = randomBytes(16);
  const key = await new Promise<Buffer>((resolve, reject) =>
    scrypt(secret, salt, 32, { ...params, maxmem: SCRYPT_MAXMEM }, (err, k) =>
      err ? reject(err) : resolve(k),
    ),
  );
  return [
    'scrypt',
    params.N,
    params.r,
    params.p,
    salt.toString('base64'),
    key.toString('base64'),
  ].join('$');
}

/**
 * An argon2id hash of a secret nobody has, so that a sign-in for an unknown account spends the
 * same time as one for a real account (whose hash is argon2id, or becomes so at its next sign-in).
 */
let decoyHash: Promise<string> | undefined;
export const decoySecretHash = () => (decoyHash ??= hashSecret(randomBytes(16).toString('hex')));

/** SHA-256 for high-entropy random tokens (refresh and reset tokens); slow hashing adds nothing there. */
export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

export const randomToken = (bytes = 32) => randomBytes(bytes).toString('base64url');

/** A uniformly random string of decimal digits (reset codes, UIDs). */
export const randomDigits = (length: number) =>
  Array.from({ length }, () => randomInt(0, 10)).join('');

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I: read aloud by advisors
export const randomCode = (length: number) =>
  Array.from({ length }, () => CODE_ALPHABET[randomInt(0, CODE_ALPHABET.length)]).join('');

export function encrypt(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64'),
    cipher.getAuthTag().toString('base64'),
    body.toString('base64'),
  ].join('.');
}

export function decrypt(sealed: string, key: Buffer): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('Unknown ciphertext format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString(
    'utf8',
  );
}

/** A key for one purpose derived from a master key (HKDF-SHA256), so one leak cannot forge another. */
export const deriveKey = (master: Buffer, purpose: string) =>
  Buffer.from(hkdfSync('sha256', master, Buffer.alloc(0), `sampada ${purpose}`, 32));

export const hmac = (value: string, key: Buffer) =>
  createHmac('sha256', key).update(value).digest('base64url');

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
