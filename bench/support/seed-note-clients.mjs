// The contract-note run's clients for bench/contract-notes.mjs, written by SQL in batches: each
// KYC-approved with a PAN on record (its number encrypted with the server's DATA_KEY, as the
// KYC module stores it), a verified e-mail address, and one market buy filled on `day`
// (an order and its fill with a contract-note number, charges copied from a fill the demo
// seed made). The fills are not posted to the ledger: the note run reads fills and orders
// only, and the bench is about making, signing, encrypting and queueing the notes.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { encrypt } from '../../apps/server/src/platform/crypto.ts';

const BATCH = 2000;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** A valid-looking PAN (five letters, four digits, a letter; the fourth letter P: a person). */
const panOf = (n) => {
  const l = (k) => LETTERS[Math.floor(n / 26 ** k) % 26];
  return `${l(0)}${l(1)}${l(2)}P${l(3)}${String(n % 10_000).padStart(4, '0')}${l(4)}`;
};

/** Answers how many clients were written; `executedAt` is an instant on the IST `day`. */
export async function seedNoteClients(url, count, { dataKey, executedAt }) {
  const key = Buffer.from(dataKey, 'hex');
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  const {
    rows: [sample],
  } = await db.query(
    `select f.charges, f.charges_paise, k.front_upload_id, k.back_upload_id
     from fills f, kyc_submissions k where k.status = 'approved' limit 1`,
  );
  if (!sample) throw new Error('The demo seed left no fill or approved KYC record to copy.');
  for (let from = 0; from < count; from += BATCH) {
    const n = Math.min(BATCH, count - from);
    const k = Array.from({ length: n }, (_, i) => from + i);
    const ids = k.map(() => randomUUID());
    const orderIds = k.map(() => randomUUID());
    await db.query('begin');
    await db.query(
      `insert into clients (id, uid, mobile, password_hash, kyc_status, name)
       select id, (40000000 + k)::text, '+9193' || lpad(k::text, 8, '0'), 'bench', 'approved',
              'Note client ' || k
       from unnest($1::uuid[], $2::int[]) as t(id, k)`,
      [ids, k],
    );
    await db.query(
      `insert into client_emails (client_id, address, verified_at)
       select id, 'note' || k || '@bench.test', now() from unnest($1::uuid[], $2::int[]) as t(id, k)`,
      [ids, k],
    );
    const pans = k.map(panOf);
    await db.query(
      `insert into kyc_submissions (client_id, full_name, dob, id_type, id_no_enc, id_no_last4,
         front_upload_id, back_upload_id, status, checked_at)
       select id, 'Note client ' || k, '1980-01-01', 'pan', enc, right(pan, 4), $5, $6,
              'approved', now()
       from unnest($1::uuid[], $2::int[], $3::text[], $4::text[]) as t(id, k, enc, pan)`,
      [
        ids,
        k,
        pans.map((p) => encrypt(p, key)),
        pans,
        sample.front_upload_id,
        sample.back_upload_id,
      ],
    );
    await db.query(
      `insert into orders (id, client_id, type, side, symbol, quantity, filled_quantity,
         filled_value_paise, charges_paise, status, created_at, updated_at)
       select o, c, 'market', 'buy', 'TCS', 10, 10, 3500000, $3, 'filled', $4, $4
       from unnest($1::uuid[], $2::uuid[]) as t(o, c)`,
      [orderIds, ids, sample.charges_paise, executedAt],
    );
    await db.query(
      `insert into fills (order_id, client_id, symbol, side, quantity, price_paise, value_paise,
         charges, charges_paise, contract_note_no, posting_id, executed_at)
       select o, c, 'TCS', 'buy', 10, 350000, 3500000, $3, $4, 'BN' || lpad(k::text, 9, '0'),
              k + 1, $5
       from unnest($1::uuid[], $2::uuid[], $6::int[]) as t(o, c, k)`,
      [orderIds, ids, sample.charges, sample.charges_paise, executedAt, k],
    );
    await db.query('commit');
  }
  await db.end();
  return count;
}
