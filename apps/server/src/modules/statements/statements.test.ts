/**
 * A month's statements by e-mail on real PostgreSQL and a real SMTP server: every client whose
 * money moved gets its statement of funds and of securities (two PDFs read back by poppler's
 * pdftotext); a client without a verified address is skipped; a re-run sends nothing twice; a
 * period not over yet is refused. The statement of securities is also a file over HTTP.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, sqlRows, type TestApp } from '../../test/helpers.ts';
import { openDeposits } from '../funds/test-fixtures.ts';
import { startTestSmtp, type TestSmtp } from '../mail/test-smtp.ts';
import { istToday, placed, runMarket, trader, untilSettled } from '../trading/test-fixtures.ts';
import { SKIP_NO_EMAIL, SKIP_NO_PAN } from './mail-period.ts';
import { PERIOD_INVALID } from './service.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
const run = promisify(execFile);
const DAY_MS = 24 * 60 * 60 * 1000;
const PAN = 'ABCPI1234F'; // the test KYC's ID number (test/console-fixtures.ts)

describe('statements of a period by e-mail', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'statements-'));

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await buildTestApp({ env: { MARKET_ALWAYS_OPEN: 'true', SMTP_URL: smtp.url } });
    await openDeposits(t);
    await runMarket(t, 4);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('mails each active client its funds and securities once; one without an address or a PAN is skipped', async () => {
    const asha = await trader(t, 200_000);
    const ravi = await trader(t, 50_000);
    const meera = await trader(t, 50_000);
    await t.ctx.db.execute(
      `insert into client_emails (client_id, address, verified_at) values ('${asha.id}', 'asha@client.test', now()), ('${meera.id}', 'meera@client.test', now())`,
    );
    // Meera proved who she is with Aadhaar: there is no PAN to lock her statements with.
    await t.ctx.db.execute(
      `update kyc_submissions set id_type = 'aadhaar' where client_id = '${meera.id}'`,
    );
    const quantity = Math.ceil(2_000_000 / Number(t.ctx.market.engine.state('INFY')!.last)) + 1;
    const order = await placed(t, asha, { type: 'market', symbol: 'INFY', side: 'buy', quantity });
    await untilSettled(t, asha, order.id);

    // The holdings statement is a file over HTTP; a bad format is a 400.
    const csv = await t.api.raw('/funds/app/v1/holdings-statement?format=csv', {
      headers: { authorization: `Bearer ${asha.token}` },
    });
    expect(csv.status).toBe(200);
    const csvText = await csv.text();
    expect(csvText).toContain('INFY');
    expect(csvText).toMatch(/As at.*IST/);
    const bad = await t.api.get('/funds/app/v1/holdings-statement?format=xls', asha.token);
    expect(bad.status).toBe(400);

    const month = istToday(t).slice(0, 7);
    await expect(t.ctx.statements.mailPeriod(month)).rejects.toThrow(/is not over yet/);
    await expect(t.ctx.statements.mailPeriod('2026-13')).rejects.toThrow(PERIOD_INVALID);

    t.clock.advance(40 * DAY_MS);
    const first = await t.ctx.statements.mailPeriod(month);
    expect(first.queued).toBe(1);
    expect(first.skipped).toBe(first.clients - 1);
    expect(first.already).toBe(0);
    const again = await t.ctx.statements.mailPeriod(month);
    expect(again).toEqual({ ...first, queued: 0, skipped: 0, already: first.clients });
    const [skipped] = await sqlRows<{ skipped_reason: string }>(
      t,
      `select skipped_reason from statement_deliveries where client_id = '${ravi.id}'`,
    );
    expect(skipped!.skipped_reason).toBe(SKIP_NO_EMAIL);
    const [noPan] = await sqlRows<{ skipped_reason: string }>(
      t,
      `select skipped_reason from statement_deliveries where client_id = '${meera.id}'`,
    );
    expect(noPan!.skipped_reason).toBe(SKIP_NO_PAN);

    await t.ctx.mail.deliverDue();
    const [mail] = await smtp.waitFor(1);
    expect(JSON.stringify(mail!.to)).toContain('asha@client.test');
    expect(mail!.subject).toMatch(
      /^Your monthly statement for \d{4}-\d{2}-01 to \d{4}-\d{2}-\d{2}$/,
    );
    const pdfs = mail!.attachments.filter((a) => a.contentType === 'application/pdf');
    expect(pdfs.map((a) => a.filename)).toEqual([
      `statement-of-funds-${month}.pdf`,
      `statement-of-securities-${month}.pdf`,
    ]);
    // Each opens only with the PAN and carries the firm's valid signature.
    const text = async (content: Buffer, name: string) => {
      const file = path.join(dir, name);
      writeFileSync(file, content);
      await expect(run('pdftotext', [file, '-'])).rejects.toThrow();
      const { stdout: signature } = await run('pdfsig', ['-upw', PAN, file]);
      expect(signature).toContain('Signature Validation: Signature is Valid.');
      return (await run('pdftotext', ['-layout', '-upw', PAN, file, '-'])).stdout;
    };
    const funds = await text(pdfs[0]!.content, 'funds.pdf');
    expect(funds).toContain('statement of account');
    expect(funds).toContain(`Period: ${month}-01`);
    const securities = await text(pdfs[1]!.content, 'securities.pdf');
    expect(securities).toContain('statement of securities');
    expect(securities).toContain('INFY');
    expect(securities).toMatch(/As at: .* IST/);
  });
});
