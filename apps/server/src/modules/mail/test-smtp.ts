/**
 * A real SMTP server for tests (smtp-server on a random 127.0.0.1 port), keeping every message
 * it accepts parsed by mailparser. `refuse` makes it answer the next N messages with a 451.
 */
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export async function startTestSmtp() {
  const received: ParsedMail[] = [];
  const waiters: Array<() => void> = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          const error = new Error('Mailbox busy, try later') as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push(mail);
            callback();
            for (const wake of waiters.splice(0)) wake();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext(n: number) {
      refusals = n;
    },
    /** Resolves once at least `n` messages arrived. */
    async waitFor(n: number) {
      while (received.length < n) await new Promise<void>((resolve) => waiters.push(resolve));
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type TestSmtp = Awaited<ReturnType<typeof startTestSmtp>>;
