import '../../../../scripts/vitest-dom-setup.ts';

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
