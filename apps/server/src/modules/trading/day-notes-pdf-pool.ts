/**
 * Contract-note PDFs made in worker threads. A note is mostly JavaScript — pdfkit's layout, the
 * font subset, AES-256 under the PAN — about 12 ms of CPU: on the event loop, a day's notes
 * for thousands of clients held every request behind them and used one core of the machine.
 * The threads start with the first note and end when idle, so a server that sends no notes
 * (and the CLI) runs none.
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import Piscina from 'piscina';
import type { NotePdfTask } from './day-notes-pdf-worker.ts';

/** A worker with nothing to do ends after this long. */
const IDLE_MS = 10_000;

export type DayNotesPdfPool = ReturnType<typeof createDayNotesPdfPool>;

export function createDayNotesPdfPool(threads = availableParallelism()) {
  // From source (the tests, tsx) the worker needs tsx's loader; compiled, its own bundle entry.
  const fromSource = import.meta.url.endsWith('.ts');
  const filename = fileURLToPath(
    new URL(
      fromSource ? './day-notes-pdf-worker-source.mjs' : './day-notes-pdf-worker.js',
      import.meta.url,
    ),
  );
  let pool: Piscina<NotePdfTask, Uint8Array> | null = null;
  return {
    threads,
    /** The PDF, its signature's place reserved and not yet signed. */
    async make(task: NotePdfTask): Promise<Buffer> {
      pool ??= new Piscina({ filename, minThreads: 0, maxThreads: threads, idleTimeout: IDLE_MS });
      // A Buffer crosses the thread as a plain Uint8Array.
      const bytes = await pool.run(task);
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    async close() {
      const closing = pool;
      pool = null;
      await closing?.destroy();
    },
  };
}
