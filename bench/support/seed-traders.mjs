// Signed-in, KYC-approved clients with cash, a PIN and an open PIN trading window, written
// straight into the server's database for bench/market-open.mjs: thousands of sign-ins over
// HTTP would cost an argon2id hash each (~45 ms of CPU) before the bench measured anything.
// What the server would have written, it is written here the same way:
// - clients: `kyc_status = 'approved'`, the PIN hashed once with the server's argon2id;
// - sessions: one a client; its access token signed with the server's own token signer and
//   JWT_SECRET (the bench gives the server the same secret);
// - pin_windows: the row a full PIN check opens (decision 004), its HMAC keyed with the key the
//   server derives from DATA_KEY, so each order's PIN is still checked, by the window;
// - cash: a deposit for each through the ledger service (ledger_post_many, a batch a trip).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { createLedgerService } from '../../apps/server/src/modules/ledger/service.ts';
import { clientAccount, firmAccount } from '../../apps/server/src/modules/ledger/service.ts';
import { createTokenSigner } from '../../apps/server/src/modules/auth/tokens.ts';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { systemClock } from '../../apps/server/src/platform/clock.ts';
import { deriveKey, hashSecret, hmac } from '../../apps/server/src/platform/crypto.ts';
import { PIN_WINDOW_MS } from '../../apps/server/src/modules/clients/pin-limits.ts';

const BATCH = 500;

/**
 * Writes `count` traders; answers [{ clientId, sessionId, token }]. `keys` are the hex DATA_KEY
 * and the JWT_SECRET the server was started with; `pinMd5` the PIN as the app sends it.
 */
export async function seedTraders(url, count, { dataKey, jwtSecret, pinMd5, cashPaise }) {
  const pool = new pg.Pool({ connectionString: url, max: 4 });
  const pinHash = await hashSecret(pinMd5);
  const windowKey = deriveKey(Buffer.from(dataKey, 'hex'), 'pin window v1');
  // An hour: the token must outlive the bench, whatever the server's access-token TTL.
  const signer = createTokenSigner(new TextEncoder().encode(jwtSecret), 3600, systemClock);
  const traders = [];
  for (let from = 0; from < count; from += BATCH) {
    const n = Math.min(BATCH, count - from);
    const ids = Array.from({ length: n }, () => randomUUID());
    const sessionIds = Array.from({ length: n }, () => randomUUID());
    const numbers = Array.from({ length: n }, (_, i) => from + i);
    await pool.query(
      `insert into clients (id, uid, mobile, password_hash, kyc_status, pin_hash, name)
       select id, (30000000 + k)::text, '+9192' || lpad(k::text, 8, '0'), 'bench', 'approved', $3,
              'Bench trader ' || k
       from unnest($1::uuid[], $2::int[]) as t(id, k)`,
      [ids, numbers, pinHash],
    );
    await pool.query(
      `insert into sessions (id, client_id, ip) select * , '127.0.0.1' from unnest($1::uuid[], $2::uuid[])`,
      [sessionIds, ids],
    );
    const now = new Date();
    await pool.query(
      `insert into pin_windows (session_id, client_id, pin_mac, opened_at, expires_at)
       select s, c, m, $4, $5 from unnest($1::uuid[], $2::uuid[], $3::text[]) as t(s, c, m)`,
      [
        sessionIds,
        ids,
        sessionIds.map((sid) => hmac(`pin-window\0${sid}\0${pinMd5}`, windowKey)),
        now,
        new Date(now.getTime() + PIN_WINDOW_MS),
      ],
    );
    for (let i = 0; i < n; i++) {
      traders.push({
        clientId: ids[i],
        sessionId: sessionIds[i],
        token: await signer.sign({ clientId: ids[i], sessionId: sessionIds[i] }),
      });
    }
  }
  await pool.end();

  const database = await openDatabase({ url });
  const ledger = createLedgerService({ db: database.db, clock: systemClock });
  for (let from = 0; from < traders.length; from += BATCH) {
    await database.db.transaction((tx) =>
      ledger.postMany(
        tx,
        traders.slice(from, from + BATCH).map(({ clientId }) => ({
          kind: 'deposit',
          clientId,
          memo: 'bench opening',
          lines: [
            { account: firmAccount('bank_clearing'), amount: -cashPaise },
            { account: clientAccount(clientId, 'cash_available'), amount: cashPaise },
          ],
        })),
      ),
    );
  }
  await database.close();
  return traders;
}
