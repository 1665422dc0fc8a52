/**
 * The quarterly statement of accounts (issue 36) on real PostgreSQL and a real SMTP server: a
 * client buys and sells in 2026-Q3, names two nominees, and the run for 2026-Q3 mails a
 * statement of funds that poppler's pdfsig finds signed, that opens only with the PAN, that
 * carries the quarter's dates, itemises each trade's charges exactly as its fill row (the
 * contract note's data) holds them, to the paisa, and lists the nominees with masked IDs. The
 * statement downloaded in the app says "opted out" with the declaration's date, or that no
 * nominee is on record; its CSV carries the same charges.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHARGE_LABELS, chargesOf, rupeesToPaise, type TNominee } from '@sampada/shared';
import { buildTestApp, sqlRows, type TestApp } from '../../test/helpers.ts';
import { openDeposits, type MoneyClient } from '../funds/test-fixtures.ts';
import { startTestSmtp, type TestSmtp } from '../mail/test-smtp.ts';
import { placed, runMarket, trader, untilSettled } from '../trading/test-fixtures.ts';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });
const run = promisify(execFile);
const PAN = 'ABCPI1234F'; // the test KYC's ID number (test/console-fixtures.ts)
const IN_Q3 = new Date('2026-08-17T05:00:00Z'); // Monday 17 Aug 2026, 10:30 IST
const AFTER_Q3 = new Date('2026-10-02T03:30:00Z'); // Friday 2 Oct 2026, 09:00 IST
const ITEM_LABELS = [...Object.values(CHARGE_LABELS), 'Total charges'];

const nominee = (name: string, id_number: string, share_pct: number): TNominee => ({
  name,
  relationship: 'spouse',
  dob: '1985-04-12',
  id_number,
  address: '12 MG Road, Pune 411001',
  share_pct,
  guardian: null,
});

/** The item lines after `from` in pdftotext's layout, up to and with "Total charges". */
function itemsAfter(lines: string[], from: number): Map<string, bigint> {
  const items = new Map<string, bigint>();
  for (const line of lines.slice(from + 1)) {
    const match = /^\s*(.+?)\s{2,}(?:₹|Rs\.)\s?([\d,]+\.\d{2})\s*$/.exec(line);
    if (!match || !ITEM_LABELS.includes(match[1]!)) continue;
    items.set(match[1]!, rupeesToPaise(match[2]!.replace(/,/g, '')));
    if (match[1] === 'Total charges') break;
  }
  return items;
}

describe('the quarterly statement of accounts', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'statement-of-accounts-'));

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true', SMTP_URL: smtp.url } });
    t.clock.set(IN_Q3);
    await openDeposits(t);
    await runMarket(t, 4);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Buys 2q INFY over the minimum order value, then sells q (the day's DP charge). */
  async function buyAndSell(client: MoneyClient) {
    const q = Math.ceil(2_000_000 / Number(t.ctx.market.engine.state('INFY')!.last)) + 1;
    const buy = await placed(t, client, {
      type: 'market',
      symbol: 'INFY',
      side: 'buy',
      quantity: 2 * q,
    });
    await untilSettled(t, client, buy.id);
    const sell = await placed(t, client, {
      type: 'market',
      symbol: 'INFY',
      side: 'sell',
      quantity: q,
    });
    await untilSettled(t, client, sell.id);
  }

  /** The PDF's text: it opens only with the PAN and carries the firm's valid signature. */
  async function lockedText(content: Buffer, name: string) {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    await expect(run('pdftotext', [file, '-'])).rejects.toThrow();
    const { stdout: signature } = await run('pdfsig', ['-upw', PAN, file]);
    expect(signature).toContain('Signature Validation: Signature is Valid.');
    return (await run('pdftotext', ['-layout', '-upw', PAN, file, '-'])).stdout;
  }

  it('mails 2026-Q3 signed and PAN-locked, each trade charge by charge to the paisa, nominees masked', async () => {
    const asha = await trader(t, 200_000);
    await t.ctx.db.execute(
      `insert into client_emails (client_id, address, verified_at) values ('${asha.id}', 'asha@client.test', now())`,
    );
    const named = await t.api.put(
      '/client/app/v1/nominees',
      {
        pin: asha.pin,
        nominees: [
          nominee('Ravi Iyer', 'ABCDE1234F', 60),
          nominee('Meera Iyer', '123456789012', 40),
        ],
      },
      asha.token,
    );
    expect(named.status).toBe(200);
    await buyAndSell(asha);
    const fills = await sqlRows<{
      contract_note_no: string;
      charges: unknown;
      charges_paise: string;
    }>(
      t,
      `select contract_note_no, charges, charges_paise from fills where client_id = '${asha.id}' order by id`,
    );
    expect(fills.length).toBeGreaterThanOrEqual(2);

    t.clock.set(AFTER_Q3);
    const sent = await t.ctx.statements.mailPeriod('2026-Q3');
    expect(sent).toMatchObject({ period: '2026-Q3', queued: 1 });
    await t.ctx.mail.deliverDue();
    // The nominee confirmation goes out in the same run, beside the statement.
    const mail = (await smtp.waitFor(2)).find((m) => m.attachments.length > 0);
    expect(JSON.stringify(mail!.to)).toContain('asha@client.test');
    expect(mail!.subject).toBe('Your quarterly statement of accounts for 2026-07-01 to 2026-09-30');
    const pdfs = mail!.attachments.filter((a) => a.contentType === 'application/pdf');
    expect(pdfs.map((a) => a.filename)).toEqual([
      'statement-of-funds-2026-Q3.pdf',
      'statement-of-securities-2026-Q3.pdf',
    ]);
    const funds = await lockedText(pdfs[0]!.content, 'funds.pdf');
    expect(funds).toContain('Period: 2026-07-01 to 2026-09-30 (Asia/Kolkata)');
    expect(funds).toMatch(/2026-08-17 10:3\d:\d\d/); // the trades' lines, in IST

    // Each fill's items, after its note's heading in the charges section, are its charges.
    const lines = funds.split('\n');
    const section = lines.findIndex((l) => l.includes('Charges on your trades'));
    expect(section).toBeGreaterThan(0);
    let total = 0n;
    for (const fill of fills) {
      const at = lines.findIndex((l, i) => i > section && l.includes(fill.contract_note_no));
      const items = itemsAfter(lines, at);
      const charges = chargesOf(fill.charges);
      const expected = new Map<string, bigint>(
        Object.entries(CHARGE_LABELS).map(([key, label]) => [
          label,
          BigInt(charges[key as keyof typeof CHARGE_LABELS]),
        ]),
      );
      expected.set('Total charges', BigInt(fill.charges_paise));
      expect(items).toEqual(expected);
      const sum = [...items].reduce((s, [k, v]) => (k === 'Total charges' ? s : s + v), 0n);
      expect(sum).toBe(BigInt(fill.charges_paise));
      total += BigInt(fill.charges_paise);
    }
    const sold = fills.map((f) => chargesOf(f.charges)).filter((c) => c.dp_paise > 0);
    expect(sold).toHaveLength(1); // the sell's DP charge is itemised as its own line
    const period = lines.findIndex((l) => l.includes('Charges in the period'));
    expect(itemsAfter(lines, period).get('Total charges')).toBe(total);

    expect(funds).toMatch(/Ravi Iyer\s+Spouse\s+60%\s+XXXXXX234F/);
    expect(funds).toMatch(/Meera Iyer\s+Spouse\s+40%\s+XXXX XXXX 9012/);
    expect(funds).not.toContain('ABCDE1234F');
    expect(funds).not.toContain('123456789012');

    const securities = await lockedText(pdfs[1]!.content, 'securities.pdf');
    expect(securities).toContain('INFY');
  });

  it('the statement downloaded in the app names an opt-out with its date, or no nominee, and its CSV the charges', async () => {
    const [optedOut, none] = [await trader(t, 50_000), await trader(t, 50_000)];
    const out = await t.api.post(
      '/client/app/v1/nominees/opt-out',
      { pin: optedOut.pin, declaration: true },
      optedOut.token,
    );
    expect(out.status).toBe(200);
    const today = '2026-10-02';
    const download = async (client: MoneyClient, format: 'pdf' | 'csv') => {
      const reply = await t.api.raw(
        `/funds/app/v1/statement?from=${today}&to=${today}&format=${format}`,
        { headers: { authorization: `Bearer ${client.token}` } },
      );
      expect(reply.status).toBe(200);
      if (format === 'csv') return reply.text();
      const file = path.join(dir, `${client.id}.pdf`);
      writeFileSync(file, Buffer.from(await reply.arrayBuffer()));
      return (await run('pdftotext', ['-layout', file, '-'])).stdout;
    };
    expect(await download(optedOut, 'pdf')).toContain(
      `Nomination opted out (declaration dated ${today} IST)`,
    );
    const noneText = await download(none, 'pdf');
    expect(noneText).toContain('No nominee on record');
    expect(noneText).toContain('No trades in this period.');

    await buyAndSell(none);
    const csv = await download(none, 'csv');
    const [fill] = await sqlRows<{ contract_note_no: string; charges_paise: string }>(
      t,
      `select contract_note_no, charges_paise from fills where client_id = '${none.id}' order by id limit 1`,
    );
    const totalRow = csv
      .split('\r\n')
      .find((l) => l.startsWith(fill!.contract_note_no) && l.includes('Total charges'));
    expect(totalRow).toBeDefined();
    expect(rupeesToPaise(/₹([\d,]+\.\d{2})"?$/.exec(totalRow!)![1]!.replace(/,/g, ''))).toBe(
      BigInt(fill!.charges_paise),
    );
    expect(csv).toContain('Nominees,No nominee on record');
  });
});
