/**
 * The one reader of process.env. Everything else receives a Config. A bad value stops
 * start-up with a message that names the variable.
 */
import path from 'node:path';
import { z } from 'zod';
import { WS_HEARTBEAT_MS } from '@sampada/shared';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** A duration in milliseconds: a positive whole number, at most an hour. */
const ms = z.coerce.number().int().min(1).max(3_600_000);

const ZEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  MARKET_ALWAYS_OPEN: bool.default(false),
  MARKET_FEED: z.enum(['simulated', 'replay']).default('simulated'),
  MARKET_SEED: z.coerce.number().int().min(0).max(0xffffffff).default(20_260_101),
  STOCK_API_KEY: z.string().min(8, 'must be at least 8 characters').optional(),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DATA_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'must be 64 hex characters (32 bytes)')
    .optional(),
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(5).max(86_400).default(900),
  REFRESH_TOKEN_TTL: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 86_400),
  /** Seconds from sign-in after which a session ends, however often it is refreshed. */
  SESSION_MAX_AGE: z.coerce
    .number()
    .int()
    .min(60)
    .default(30 * 86_400),
  PUBLIC_URL: z.string().url().optional(),
  SEED_DEMO: bool.default(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: bool.default(false),
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Where the built client app and console are served from (tests point these at fixtures). */
  WEB_DIST: z.string().optional(),
  CONSOLE_DIST: z.string().optional(),
  /** Where `sampada backup` looks first for pg_dump and pg_restore (DATABASE_URL only). */
  PG_BIN_DIR: z.string().optional(),
  REQUEST_TIMEOUT_MS: ms.default(2000),
  UPLOAD_TIMEOUT_MS: ms.default(120_000),
  DB_STATEMENT_TIMEOUT_MS: ms.default(5000),
  DB_LOCK_TIMEOUT_MS: ms.default(1000),
  DB_CONNECT_TIMEOUT_MS: ms.default(1500),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: ms.default(10_000),
  DRAIN_DELAY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  SHUTDOWN_TIMEOUT_MS: ms.default(8000),
  // How long client_info may answer from a copy of the session and row; a change (logout,
  // password, PIN, KYC, VIP) waits this long at most before it answers (signed-in-cache.ts).
  SIGNED_IN_CACHE_TTL_MS: z.coerce.number().int().min(1).max(5000).default(100),
  // The sockets' ping and session re-check (the backstop behind the bus's revocations); tests
  // shorten it to see the re-check work on its own.
  WS_HEARTBEAT_MS: z.coerce.number().int().min(50).max(60_000).default(WS_HEARTBEAT_MS),
  // Outgoing mail (decision 031): SMTP when set, else .eml files under DATA_DIR/outbox/.
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Sampada Wealth <no-reply@sampada.local>'),
  // The firm's certificate for signing contract notes and statements (PKCS#12); without it a
  // self-signed demo certificate is made in DATA_DIR (platform/document-signing.ts).
  SIGNING_CERT: z.string().min(1).optional(),
  SIGNING_CERT_PASSWORD: z.string().optional(),
  // Uploaded files in S3-compatible storage (decision 033): http(s)://key:secret@host/bucket.
  S3_URL: z
    .string()
    .regex(/^https?:\/\/[^/]+\/[^/?]+/, 'must be an http(s)://key:secret@host/bucket URL')
    .optional(),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  marketAlwaysOpen: boolean;
  /** simulated (seeded random walk) or replay (imported bhavcopy days). */
  marketFeed: 'simulated' | 'replay';
  marketSeed: number;
  stockApiKey: string | undefined;
  jwtSecret: string | undefined;
  dataKey: string | undefined;
  accessTokenTtl: number;
  signedInCacheTtlMs: number;
  wsHeartbeatMs: number;
  refreshTokenTtl: number;
  sessionMaxAge: number;
  publicUrl: string | undefined;
  seedDemo: boolean;
  logLevel: z.infer<typeof ZEnv>['LOG_LEVEL'];
  trustProxy: boolean;
  /** Multiplies every per-IP HTTP request limit (not the sign-in, code and PIN failure limits). */
  rateLimitScale: number;
  /** Built client app and console, served when present. */
  webDist: string;
  consoleDist: string;
  pgBinDir: string | undefined;
  /** SMTP server for outgoing mail; without it mail is written as .eml files (decision 031). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** S3-compatible storage for uploaded files; without it, PostgreSQL or DATA_DIR (decision 033). */
  s3Url: string | undefined;
  /** The firm's PKCS#12 certificate for signed documents; none: the demo one in DATA_DIR. */
  signingCert: string | undefined;
  signingCertPassword: string | undefined;
  timeouts: {
    /** An API request not answered by then gets a 503 (upload routes get `upload`). */
    request: number;
    upload: number;
    /** PostgreSQL statement_timeout, lock_timeout, idle_in_transaction_session_timeout. */
    statement: number;
    lock: number;
    idleInTransaction: number;
    /** Waiting for a pooled connection (or opening one) fails after this. */
    connect: number;
    /** After SIGTERM, /ready answers 503 this long before the server stops accepting. */
    drainDelay: number;
    /** After SIGTERM, connections still open after this are closed. */
    shutdown: number;
  };
};

export class ConfigError extends Error {}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(
    Object.keys(ZEnv.shape).flatMap((key) =>
      env[key] === undefined || env[key] === '' ? [] : [[key, env[key]]],
    ),
  );
  const parsed = ZEnv.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    marketAlwaysOpen: e.MARKET_ALWAYS_OPEN,
    marketFeed: e.MARKET_FEED,
    marketSeed: e.MARKET_SEED,
    stockApiKey: e.STOCK_API_KEY,
    jwtSecret: e.JWT_SECRET,
    dataKey: e.DATA_KEY,
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    signedInCacheTtlMs: e.SIGNED_IN_CACHE_TTL_MS,
    wsHeartbeatMs: e.WS_HEARTBEAT_MS,
    refreshTokenTtl: e.REFRESH_TOKEN_TTL,
    sessionMaxAge: e.SESSION_MAX_AGE,
    publicUrl: e.PUBLIC_URL,
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    rateLimitScale: e.RATE_LIMIT_SCALE,
    webDist: e.WEB_DIST ?? path.join(repoRoot, 'apps/web/dist'),
    consoleDist: e.CONSOLE_DIST ?? path.join(repoRoot, 'apps/console/dist'),
    pgBinDir: e.PG_BIN_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    s3Url: e.S3_URL,
    signingCert: e.SIGNING_CERT ? path.resolve(e.SIGNING_CERT) : undefined,
    signingCertPassword: e.SIGNING_CERT_PASSWORD,
    timeouts: {
      request: e.REQUEST_TIMEOUT_MS,
      upload: e.UPLOAD_TIMEOUT_MS,
      statement: e.DB_STATEMENT_TIMEOUT_MS,
      lock: e.DB_LOCK_TIMEOUT_MS,
      idleInTransaction: e.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      connect: e.DB_CONNECT_TIMEOUT_MS,
      drainDelay: e.DRAIN_DELAY_MS,
      shutdown: e.SHUTDOWN_TIMEOUT_MS,
    },
  };
}
