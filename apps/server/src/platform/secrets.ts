/**
 * Keys the server signs and encrypts with. Taken from config when set, otherwise generated
 * once and kept in DATA_DIR so that tokens and encrypted fields survive a restart.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import { deriveKey } from './crypto.ts';

export type Secrets = {
  jwtSecret: Uint8Array;
  /** AES-256-GCM key for fields encrypted at rest (KYC ID numbers, TOTP secrets). */
  dataKey: Buffer;
  /** HMAC key for signed file URLs; distinct from the JWT key so neither can forge the other. */
  urlKey: Buffer;
  stockApiKey: string;
};

type Stored = { jwtSecret: string; dataKey: string; urlKey: string; stockApiKey: string };

export function loadSecrets(config: Config): Secrets {
  mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, 'secrets.json');
  let stored: Stored;
  if (existsSync(file)) {
    stored = JSON.parse(readFileSync(file, 'utf8')) as Stored;
  } else {
    stored = {
      jwtSecret: randomBytes(48).toString('base64url'),
      dataKey: randomBytes(32).toString('hex'),
      urlKey: randomBytes(32).toString('hex'),
      stockApiKey: `sk_${randomBytes(18).toString('base64url')}`,
    };
    writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
  }
  return {
    jwtSecret: new TextEncoder().encode(config.jwtSecret ?? stored.jwtSecret),
    dataKey: Buffer.from(config.dataKey ?? stored.dataKey, 'hex'),
    // With DATA_KEY given (several instances share it), a link one instance signs verifies on
    // every other; alone, the key kept in DATA_DIR as before.
    urlKey: config.dataKey
      ? deriveKey(Buffer.from(config.dataKey, 'hex'), 'signed file links v1')
      : Buffer.from(stored.urlKey, 'hex'),
    stockApiKey: config.stockApiKey ?? stored.stockApiKey,
  };
}
