/**
 * A day of fills → one encrypted PDF of that day's contract notes per client, delivered to a
 * real SMTP server, opened with the client's PAN by poppler's pdftotext and its firm's
 * signature verified by poppler's pdfsig. A re-run sends nothing twice; a client without a
 * verified address is recorded as skipped.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TNoteDeliveryRun } from '@sampada/shared';
import { buildTestApp, signInStaff, type TestApp } from '../../test/helpers.ts';
import { openDeposits } from '../funds/test-fixtures.ts';
import { startTestSmtp, type TestSmtp } from '../mail/test-smtp.ts';
import { istToday, placed, runMarket, trader, untilSettled } from '../trading/test-fixtures.ts';
import { CLIENTS_A_BATCH, SKIP_NO_EMAIL } from './deliver-day.ts';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });
const run = promisify(execFile);
const PAN = 'ABCPI1234F'; // the test KYC's ID number (test/console-fixtures.ts)

describe('contract notes by e-mail after a trading day', () => {
  let t: TestApp;
  let smtp: TestSmtp;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'notes-'));

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

  it('sends each client one PDF of the day’s notes that opens only with their PAN', async () => {
    const asha = await trader(t, 200_000);
    const ravi = await trader(t, 200_000);
    await t.ctx.db.execute(
      `insert into client_emails (client_id, address, verified_at) values ('${asha.id}', 'asha@client.test', now())`,
    );
    const fillsOf = [];
    for (const [client, symbol] of [
      [asha, 'INFY'],
      [asha, 'TCS'],
      [ravi, 'INFY'],
    ] as const) {
      // Above the minimum order value (₹19,000) at the live price.
      const quantity = Math.ceil(2_000_000 / Number(t.ctx.market.engine.state(symbol)!.last)) + 1;
      const order = await placed(t, client, { type: 'market', symbol, side: 'buy', quantity });
      fillsOf.push((await untilSettled(t, client, order.id)).fills[0]!);
    }
    const day = istToday(t);
    expect(await t.ctx.noteDelivery.deliverDay(day)).toEqual({ clients: 2, queued: 1, skipped: 1 });
    expect(await t.ctx.noteDelivery.deliverDay(day)).toEqual({ clients: 2, queued: 0, skipped: 0 });

    smtp.refuseNext(1);
    await t.ctx.mail.deliverDue();
    t.clock.advance(60_000);
    await t.ctx.mail.deliverDue();
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe(`Contract note for ${day}`);
    const pdf = mail!.attachments.find((a) => a.contentType === 'application/pdf')!;
    const file = path.join(dir, 'note.pdf');
    writeFileSync(file, pdf.content);

    await expect(run('pdftotext', [file, '-'])).rejects.toThrow();
    await expect(run('pdftotext', ['-upw', PAN.toLowerCase(), file, '-'])).rejects.toThrow();
    const { stdout: text } = await run('pdftotext', ['-upw', PAN, file, '-']);
    expect(text).toContain(fillsOf[0]!.contract_note_no);
    expect(text).toContain(fillsOf[1]!.contract_note_no);
    expect(text).not.toContain(fillsOf[2]!.contract_note_no);
    const { stdout: info } = await run('pdfinfo', ['-upw', PAN, file]);
    expect(info).toMatch(/Encrypted:\s+yes \(print:yes copy:no change:no/);
    expect(info).toMatch(/Pages:\s+2/);
    // Signed by the firm over the whole file: the demo certificate, made once in DATA_DIR.
    const { stdout: signature } = await run('pdfsig', ['-upw', PAN, file]);
    expect(signature).toMatch(
      /Signer Certificate Common Name: Sampada.* \(demo signing certificate\)/,
    );
    expect(signature).toContain('Signature Validation: Signature is Valid.');
    expect(signature).toContain('Total document signed');

    const ops = await signInStaff(t, 'operations');
    const view = await t.api.get<TNoteDeliveryRun>(
      `/console/api/v1/mail/contract-notes?date=${day}`,
      ops.token,
    );
    expect(view.status).toBe(200);
    expect(view.body.data.counts).toEqual({
      sent: 1,
      queued: 0,
      failed: 0,
      skipped: 1,
      retried: 1,
    });
    const skipped = view.body.data.items.find((i) => i.client_id === ravi.id)!;
    expect(skipped).toMatchObject({ status: 'skipped', skipped_reason: SKIP_NO_EMAIL, notes: 1 });
    // Each row names its client and the message that carries the notes, for the console.
    const refs = await t.ctx.clients.refsOf([asha.id, ravi.id]);
    expect(skipped).toMatchObject({
      client_uid: refs.get(ravi.id)!.uid,
      client_name: refs.get(ravi.id)!.name,
      mail_id: null,
      to: null,
      overdue: true,
    });
    const sent = view.body.data.items.find((i) => i.client_id === asha.id)!;
    expect(sent).toMatchObject({
      client_uid: refs.get(asha.id)!.uid,
      client_name: refs.get(asha.id)!.name,
      to: 'asha@client.test',
      status: 'sent',
      attempts: 2,
      overdue: false,
    });
    const outbox = await t.ctx.mail.byIds([sent.mail_id!]);
    expect(outbox.get(sent.mail_id!)!.subject).toBe(`Contract note for ${day}`);
  });

  it('two runs at once over more clients than a batch queue each client’s notes once', async () => {
    // The next trading day, with clients of their own (each with a verified address).
    t.clock.advance(24 * 60 * 60_000);
    const clients = [];
    for (let i = 0; i < CLIENTS_A_BATCH + 2; i++) {
      const client = await trader(t, 200_000);
      await t.ctx.db.execute(
        `insert into client_emails (client_id, address, verified_at) values ('${client.id}', 'c${i}@client.test', now())`,
      );
      const quantity = Math.ceil(2_000_000 / Number(t.ctx.market.engine.state('INFY')!.last)) + 1;
      const order = await placed(t, client, {
        type: 'market',
        symbol: 'INFY',
        side: 'buy',
        quantity,
      });
      await untilSettled(t, client, order.id);
      clients.push(client);
    }
    const day = istToday(t);
    const runs = await Promise.all([
      t.ctx.noteDelivery.deliverDay(day),
      t.ctx.noteDelivery.deliverDay(day),
    ]);
    expect(runs[0]!.queued + runs[1]!.queued).toBe(clients.length);
    const ids = clients.map((c) => `'${c.id}'`).join(',');
    const { rows } = (await t.ctx.db.execute(
      `select client_id, count(*)::int as n from mail_outbox
        where purpose = 'contract_note' and client_id in (${ids}) group by client_id`,
    )) as unknown as { rows: { client_id: string; n: number }[] };
    expect(rows.map((r) => r.n)).toEqual(clients.map(() => 1));
  });
});
