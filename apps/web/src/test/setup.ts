import '../../../../scripts/vitest-dom-setup.ts';
import { beforeEach } from 'vitest';
import { mockApi } from './http';

/** No test talks to a server: a socket that never opens keeps the quote client idle. */
class IdleWebSocket {
  onopen = null;
  onmessage = null;
  onclose = null;
  onerror = null;
  constructor(readonly url: string) {}
  send() {}
  close() {}
}
window.WebSocket = IdleWebSocket as unknown as typeof WebSocket;

// Nor over HTTP: a request no test answers fails as a dropped connection, never reaching out to
// whatever listens on the test DOM's origin.
beforeEach(() => {
  mockApi({});
});
