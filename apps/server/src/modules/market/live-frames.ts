/**
 * The quote socket's frames and connections: a tick's diff, the `ticks` frame built from
 * serialised parts in one allocation, and what the hub keeps of each socket.
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { TQuote } from '@sampada/shared';

/**
 * Bytes still waiting in user space past which a socket skips a flush. Anything here means
 * the kernel's own socket buffer is already full, so a few frames' worth is plenty — and it
 * bounds the memory 5,000 slow clients can hold.
 */
export const MAX_BUFFERED_BYTES = 16 * 1024;
const DIFF_FIELDS = [
  'price',
  'change',
  'change_pct',
  'open',
  'high',
  'low',
  'volume',
  'value',
  'updated_at',
] as const;
const TICKS_OPEN = Buffer.from('{"type":"ticks","quotes":[');
const TICKS_CLOSE = Buffer.from(']}');
const COMMA = 0x2c;
/** Frames the hub builds are JSON text: sent as text frames, never re-encoded. */
export const AS_TEXT = { binary: false } as const;

export type Connection = {
  socket: WebSocket;
  clientId: string | null;
  /** The session its `auth` frame proved: re-checked whenever it may have ended. */
  sessionId: string | null;
  /** Subscribe/unsubscribe frames in arrival order, each after its session check. */
  work: Promise<void>;
  symbols: Set<string>;
  /** Snapshotted since the last flush: their next tick carries every field. */
  fresh: Set<string> | null;
  /** Ticks skipped while the socket was backed up: the next frame carries every field. */
  missed: Set<string> | null;
  /** This flush's moved symbols for this socket; empty between flushes. */
  pending: string[];
  lastHeard: number;
};

export function diffQuote(before: TQuote | undefined, after: TQuote): Partial<TQuote> {
  const diff: Partial<TQuote> & { symbol: string } = { symbol: after.symbol };
  for (const field of DIFF_FIELDS) {
    if (!before || before[field] !== after[field])
      (diff as Record<string, unknown>)[field] = after[field];
  }
  return diff;
}

/** `{"type":"ticks","quotes":[a,b,…]}` from already-serialised quotes, in one allocation. */
export function ticksFrame(parts: readonly Buffer[]): Buffer {
  let length = TICKS_OPEN.length + TICKS_CLOSE.length + Math.max(0, parts.length - 1);
  for (const part of parts) length += part.length;
  const frame = Buffer.allocUnsafe(length);
  frame.set(TICKS_OPEN, 0);
  let at = TICKS_OPEN.length;
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) frame[at++] = COMMA;
    frame.set(parts[i]!, at);
    at += parts[i]!.length;
  }
  frame.set(TICKS_CLOSE, at);
  return frame;
}

/**
 * @fastify/websocket routes the upgrade through Fastify, and its request, reply, child logger
 * and a ServerResponse then stay reachable from the socket for the connection's whole life
 * (through its error listener and the TCP socket's `_httpMessage`). Nothing reads them after
 * the upgrade: let them go, a few kB per socket.
 */
export function releaseUpgrade(socket: WebSocket, request: FastifyRequest) {
  socket.removeAllListeners('error');
  const tcp = request.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
  tcp._httpMessage?.detachSocket(tcp);
}

export const encode = (value: unknown) => Buffer.from(JSON.stringify(value));

export const SESSION_ENDED = 'Session ended — please sign in again.';
