/**
 * Where a message goes: the SMTP server of SMTP_URL, or, with none (the embedded default), an
 * .eml file under DATA_DIR/outbox/ that a developer opens in any mail program. Both build the
 * message with nodemailer, so the file is byte for byte what SMTP would have carried.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { StoredAttachment } from './tables.ts';

export type OutgoingMail = {
  id: string;
  to: string;
  subject: string;
  body: string;
  html: string | null;
  attachments: StoredAttachment[];
};

export type MailTransport = {
  kind: 'smtp' | 'files';
  /** Delivers one message; answers how it went out (message id or file name), or throws. */
  send(mail: OutgoingMail): Promise<string>;
  close(): void;
};

const toNodemailer = (from: string, mail: OutgoingMail) => ({
  from,
  to: mail.to,
  subject: mail.subject,
  text: mail.body,
  // With both, nodemailer writes multipart/alternative: text first, HTML preferred.
  ...(mail.html ? { html: mail.html } : {}),
  messageId: `<${mail.id}@sampada.outbox>`,
  attachments: mail.attachments.map((a) => ({
    filename: a.filename,
    contentType: a.contentType,
    content: Buffer.from(a.base64, 'base64'),
  })),
});

export function createMailTransport(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
}): MailTransport {
  if (options.smtpUrl) {
    const smtp = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        const info = await smtp.sendMail(toNodemailer(options.from, mail));
        return String(info.messageId);
      },
      close: () => smtp.close(),
    };
  }
  const builder = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const dir = path.join(options.dataDir, 'outbox');
  return {
    kind: 'files',
    async send(mail) {
      const info = await builder.sendMail(toNodemailer(options.from, mail));
      await mkdir(dir, { recursive: true });
      const name = `${mail.id}.eml`;
      await writeFile(path.join(dir, name), info.message as Buffer);
      return name;
    },
    close: () => builder.close(),
  };
}
