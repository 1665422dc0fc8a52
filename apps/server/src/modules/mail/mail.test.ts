import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAIL_BODY_WITHHELD, type TOutbox, type TOutboxMessageBody } from '@sampada/shared';
import { buildTestApp, signInStaff, sqlRows, type TestApp } from '../../test/helpers.ts';
import { MINUTE } from '../../platform/clock.ts';
import { startTestSmtp, type TestSmtp } from './test-smtp.ts';

describe('mail over a real SMTP server', () => {
  let t: TestApp;
  let smtp: TestSmtp;

  beforeAll(async () => {
    smtp = await startTestSmtp();
    t = await buildTestApp({ env: { SMTP_URL: smtp.url, MAIL_FROM: 'Sampada <ops@firm.test>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers a queued message with its attachment, and marks it sent', async () => {
    await t.ctx.mail.enqueue(t.ctx.db, {
      purpose: 'test',
      to: 'asha@client.test',
      subject: 'Your note',
      body: 'Attached.',
      attachments: [{ filename: 'a.txt', contentType: 'text/plain', content: Buffer.from('hi') }],
    });
    const pass = await t.ctx.mail.deliverDue();
    expect(pass).toEqual({ claimed: 1, sent: 1, failed: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.subject).toBe('Your note');
    expect(mail!.from?.text).toContain('ops@firm.test');
    expect(mail!.text?.trim()).toBe('Attached.');
    expect(mail!.attachments[0]!.filename).toBe('a.txt');
    expect(mail!.attachments[0]!.content.toString()).toBe('hi');
    const outbox = await t.ctx.mail.outbox({ limit: 10 });
    expect(outbox.items[0]).toMatchObject({ status: 'sent', attempts: 1, overdue: false });
  });

  it('sends a message with an HTML part as multipart/alternative, text and HTML both', async () => {
    const before = smtp.received.length;
    await t.ctx.mail.enqueue(t.ctx.db, {
      purpose: 'test',
      to: 'html@client.test',
      subject: 'Both parts',
      body: 'Repay ₹22,000.00 by 2027-01-06.',
      html: '<p>Repay <strong>₹22,000.00</strong> by 2027-01-06.</p>',
    });
    expect(await t.ctx.mail.deliverDue()).toMatchObject({ sent: 1 });
    const mail = (await smtp.waitFor(before + 1))[before]!;
    expect(mail.headers.get('content-type')).toMatchObject({ value: 'multipart/alternative' });
    expect(mail.text?.trim()).toBe('Repay ₹22,000.00 by 2027-01-06.');
    expect(mail.html).toContain('<strong>₹22,000.00</strong>');
    // A message without HTML stays one text part, as before.
    await t.ctx.mail.enqueue(t.ctx.db, {
      purpose: 'test',
      to: 'a@client.test',
      subject: 'T',
      body: 'x',
    });
    await t.ctx.mail.deliverDue();
    const plain = (await smtp.waitFor(before + 2))[before + 1]!;
    expect(plain.html).toBe(false);
    expect(plain.headers.get('content-type')).toMatchObject({ value: 'text/plain' });
  });

  it('retries a refused delivery after the backoff, then delivers it', async () => {
    smtp.refuseNext(1);
    const before = smtp.received.length;
    const id = await t.ctx.mail.enqueue(t.ctx.db, {
      purpose: 'test',
      to: 'ravi@client.test',
      subject: 'Second try',
      body: 'Hello.',
    });
    expect(await t.ctx.mail.deliverDue()).toMatchObject({ sent: 0, failed: 1 });
    let row = (await t.ctx.mail.outbox({ limit: 10 })).items.find((m) => m.id === id)!;
    expect(row).toMatchObject({ status: 'queued', attempts: 1 });
    expect(row.last_error).toContain('451');
    // Not due yet: a pass now claims nothing.
    expect(await t.ctx.mail.deliverDue()).toMatchObject({ claimed: 0 });
    t.clock.advance(MINUTE);
    expect(await t.ctx.mail.deliverDue()).toMatchObject({ sent: 1 });
    await smtp.waitFor(before + 1);
    row = (await t.ctx.mail.outbox({ limit: 10 })).items.find((m) => m.id === id)!;
    expect(row).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('fails a message after its last attempt, flags it a day on, and operations requeue it', async () => {
    const id = await t.ctx.mail.enqueue(t.ctx.db, {
      purpose: 'test',
      to: 'meera@client.test',
      subject: 'Never arrives',
      body: '.',
    });
    smtp.refuseNext(100);
    for (let attempt = 0; attempt < 7; attempt++) {
      await t.ctx.mail.deliverDue();
      t.clock.advance(16 * 60 * MINUTE);
    }
    smtp.refuseNext(0);
    const ops = await signInStaff(t, 'operations');
    const listed = await t.api.get<TOutbox>('/console/api/v1/mail/outbox?status=failed', ops.token);
    expect(listed.status).toBe(200);
    const failed = listed.body.data.items.find((m) => m.id === id)!;
    expect(failed).toMatchObject({ status: 'failed', attempts: 7, overdue: true });
    expect(listed.body.data.counts.failed).toBeGreaterThanOrEqual(1);

    const support = await signInStaff(t, 'support');
    expect((await t.api.get('/console/api/v1/mail/outbox', support.token)).status).toBe(403);

    const requeued = await t.api.post(`/console/api/v1/mail/outbox/${id}/requeue`, {}, ops.token);
    expect(requeued.status).toBe(200);
    expect(await t.ctx.mail.deliverDue()).toMatchObject({ sent: 1 });
  });

  it('operations read a message, audited; never the text of one holding a one-time code', async () => {
    const note = await t.ctx.mail.enqueue(t.ctx.db, {
      purpose: 'contract_note',
      to: 'meera@client.test',
      subject: 'Contract note',
      body: 'Your contract note for today is attached.',
    });
    const code = await t.ctx.mail.enqueue(t.ctx.db, {
      purpose: 'email.verify',
      to: 'meera@client.test',
      subject: 'Your code',
      body: 'Your code is 482913.',
    });
    const ops = await signInStaff(t, 'operations');
    const read = (id: string, token = ops.token) =>
      t.api.get<TOutboxMessageBody>(`/console/api/v1/mail/outbox/${id}`, token);

    const shown = await read(note);
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({
      body: 'Your contract note for today is attached.',
      withheld: null,
    });
    const hidden = (await read(code)).body.data;
    expect(hidden).toMatchObject({ body: null, withheld: MAIL_BODY_WITHHELD });
    expect(JSON.stringify(hidden)).not.toContain('482913');

    const audit = await sqlRows<{ subject_id: string }>(
      t,
      `select subject_id from audit_log where action = 'mail.read' and actor_id = '${ops.id}'`,
    );
    expect(audit.map((a) => a.subject_id).sort()).toEqual([note, code].sort());
    expect((await read(note, (await signInStaff(t, 'support')).token)).status).toBe(403);
    expect((await read('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await read('not-an-id')).status).toBe(400);
  });
});

describe('mail without SMTP_URL', () => {
  it('writes each message as an .eml file under DATA_DIR/outbox and marks it sent', async () => {
    const t = await buildTestApp();
    try {
      const id = await t.ctx.mail.enqueue(t.ctx.db, {
        purpose: 'test',
        to: 'dev@client.test',
        subject: 'On disk',
        body: 'Read me in a mail program.',
      });
      expect(await t.ctx.mail.deliverDue()).toMatchObject({ sent: 1 });
      const dir = path.join(t.ctx.config.dataDir, 'outbox');
      expect(await readdir(dir)).toEqual([`${id}.eml`]);
      const parsed = await simpleParser(await readFile(path.join(dir, `${id}.eml`)));
      expect(parsed.subject).toBe('On disk');
      expect(parsed.to && 'text' in parsed.to ? parsed.to.text : '').toBe('dev@client.test');
      const outbox = await t.ctx.mail.outbox({ limit: 5 });
      expect(outbox).toMatchObject({ transport: 'files', counts: { sent: 1 } });
    } finally {
      await t.close();
    }
  });
});
