// The baseline of bench/contract-notes.mjs, in its own process: one client's contract note,
// prepared once, then (1) its finished, encrypted PDF signed COUNT times — the bare PAdES
// signature (SHA-256 over the file, one RSA signature) with the server's own signer and the
// certificate in DATA_DIR; and (2) the same note made, encrypted with a PAN and signed COUNT
// times through dayContractNotesPdf, the function the delivery job calls — no database, no
// queue. Prints one JSON line: {signOnly: {count, seconds, cpu}, makeEncryptSign: {…}}.
// Usage: node --import tsx bench/support/sign-notes.mjs <data dir> <count> [seconds cap]
import { dayContractNotesPdf } from '../../apps/server/src/modules/trading/service.ts';
import {
  createDocumentSigner,
  loadSigningIdentity,
} from '../../apps/server/src/platform/document-signing.ts';
import { openPdf } from '../../apps/server/src/platform/pdf.ts';

const [dataDir, countArg, capArg] = process.argv.slice(2);
const count = Number(countArg);
// A loop past its cap stops there and says how many it did (never scaled up silently).
const capMs = Number(capArg ?? Infinity) * 1000;
const signer = createDocumentSigner(() =>
  loadSigningIdentity({ certPath: undefined, certPassword: undefined, dataDir }),
);
const charges = {
  brokerage_paise: 2000,
  stt_paise: 3500,
  exchange_paise: 104,
  sebi_paise: 4,
  stamp_paise: 525,
  gst_paise: 379,
  dp_paise: 0,
  vip_discount_paise: 0,
  total_paise: 6512,
};
const note = {
  contract_note_no: 'BN000000001',
  order_id: '00000000-0000-4000-8000-000000000001',
  client: { name: 'Note client 1', uid: '40000001' },
  trade_date: '2026-11-27',
  executed_at: '2026-11-27T04:30:00.000Z',
  symbol: 'TCS',
  name: 'Tata Consultancy Services',
  isin: 'INE467B01029',
  type: 'market',
  side: 'buy',
  quantity: 10,
  price_paise: 350000,
  value_paise: 3500000,
  charges,
  net_paise: 3506512,
  posting_id: '1',
  firm: 'Sampada Wealth',
};
const PAN = 'ABCPD1234E';

// (1) The prepared document: rendered and encrypted once, its signature's place reserved.
const prepared = await openPdf({ title: 'Contract notes', margin: 48, password: PAN });
prepared.doc.text('Contract note BN000000001');
signer.reserve(prepared.doc, 'Contract notes');
const bytes = await new Promise((resolve) => {
  const chunks = [];
  prepared.doc.on('data', (c) => chunks.push(c));
  prepared.doc.on('end', () => resolve(Buffer.concat(chunks)));
  prepared.doc.end();
});
await signer.sign(bytes); // loads the identity and the modules, outside the timing

/** CPU seconds this process has used: on a loaded box a truer cost than the wall clock. */
const cpuNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

async function timed(work) {
  const started = performance.now();
  const cpu = cpuNow();
  let done = 0;
  while (done < count && performance.now() - started < capMs) {
    await work();
    done++;
  }
  return { count: done, seconds: (performance.now() - started) / 1000, cpu: cpuNow() - cpu };
}
const signOnly = await timed(() => signer.sign(bytes));
const makeEncryptSign = await timed(() =>
  dayContractNotesPdf([note], note.trade_date, { password: PAN, signer }),
);
console.log(JSON.stringify({ signOnly, makeEncryptSign, bytes: bytes.length }));
