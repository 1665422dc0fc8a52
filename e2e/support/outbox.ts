/** The mail the server wrote as .eml files (no SMTP_URL in the e2e run): what a client received. */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { E2E_DATA_DIR } from '../../playwright.config';

const OUTBOX = path.join(E2E_DATA_DIR, 'outbox');

/** The code in the verification mail to `address`, once the delivery job has written it. */
export async function codeMailedTo(address: string): Promise<string> {
  let code = '';
  await expect
    .poll(
      () => {
        const files = (() => {
          try {
            return readdirSync(OUTBOX).filter((name) => name.endsWith('.eml'));
          } catch {
            return [];
          }
        })();
        for (const name of files) {
          const text = readFileSync(path.join(OUTBOX, name), 'utf8');
          const match = /^Subject: (\d{6}) is your Sampada e-mail verification code/m.exec(text);
          if (match && text.includes(`To: ${address}`)) code = match[1]!;
        }
        return code;
      },
      { timeout: 30_000, message: `a verification mail to ${address} in ${OUTBOX}` },
    )
    .toMatch(/^\d{6}$/);
  return code;
}
