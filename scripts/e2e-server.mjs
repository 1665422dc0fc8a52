// The server Playwright tests run against: a fresh embedded database every run.
import { rmSync } from 'node:fs';
import { buildIfNeeded } from './build-if-needed.mjs';

process.env.DATA_DIR ??= '.tmp/e2e-data';
rmSync(process.env.DATA_DIR, { recursive: true, force: true });
process.env.MARKET_ALWAYS_OPEN = 'true';
process.env.RATE_LIMIT_SCALE ??= '50';
process.env.LOG_LEVEL ??= 'warn';
process.env.HOST ??= '127.0.0.1';
// As behind the load balancer: a spec may say which address a request came from
// (X-Forwarded-For), e.g. a sign-in from Mumbai whose place the device list shows.
process.env.TRUST_PROXY ??= 'true';
buildIfNeeded();
await import('../apps/server/dist/main.js');
