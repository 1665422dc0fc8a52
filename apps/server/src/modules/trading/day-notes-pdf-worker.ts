/**
 * A worker thread's task (day-notes-pdf-pool.ts): one client's day of contract notes as a PDF opened
 * with their PAN, the signature's place reserved. The firm's key stays in the main thread,
 * which signs the bytes this answers.
 */
import type { TContractNote } from '@sampada/shared';
import { SIGNED_ELSEWHERE } from '../../platform/document-signing.ts';
import { dayContractNotesPdf } from './contract-note-pdf.ts';

export type NotePdfTask = { notes: TContractNote[]; day: string; password: string };

export default function makeNotesPdf({ notes, day, password }: NotePdfTask): Promise<Buffer> {
  return dayContractNotesPdf(notes, day, { password, signer: SIGNED_ELSEWHERE });
}
