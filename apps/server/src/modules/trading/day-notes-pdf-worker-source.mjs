// The note worker's entry when the server runs from its TypeScript source (the tests, tsx):
// a worker thread starts without the parent's loader, so it registers tsx's before importing.
// The compiled server starts dist/day-notes-pdf-worker.js instead (scripts/build-server.mjs).
import { register } from 'tsx/esm/api';

register();
export default (await import('./day-notes-pdf-worker.ts')).default;
