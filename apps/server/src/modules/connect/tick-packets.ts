/**
 * The ticker's binary packets, as Kite Connect v3 clients decode them (big-endian int32,
 * prices in paise): LTP 8 bytes; equity quote 44 and full 184 (five empty depth levels a
 * side: we keep no order book); index quote 28 and full 32. A frame is a 2-byte packet count,
 * then each packet behind its 2-byte length. A 1-byte frame is the heartbeat.
 */
export type TickMode = 'ltp' | 'quote' | 'full';

export type TickState = {
  token: number;
  index: boolean;
  last: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  averagePaise: number;
  /** Seconds since the epoch of the last print. */
  at: number;
};

export const HEARTBEAT = Buffer.from([0]);

const u32 = (value: number) => Math.max(0, Math.min(0xffffffff, Math.round(value))) >>> 0;

function writeAll(buffer: Buffer, values: number[], from = 0) {
  values.forEach((v, i) => buffer.writeUInt32BE(u32(v), from + i * 4));
}

export function packetOf(state: TickState, mode: TickMode): Buffer {
  if (mode === 'ltp') {
    const b = Buffer.alloc(8);
    writeAll(b, [state.token, state.last]);
    return b;
  }
  if (state.index) {
    const b = Buffer.alloc(mode === 'full' ? 32 : 28);
    writeAll(b, [state.token, state.last, state.high, state.low, state.open, state.close]);
    b.writeInt32BE(Math.round(state.last - state.close), 24);
    if (mode === 'full') b.writeUInt32BE(u32(state.at), 28);
    return b;
  }
  const b = Buffer.alloc(mode === 'full' ? 184 : 44);
  writeAll(b, [
    state.token,
    state.last,
    0, // last traded quantity: prints carry none
    state.averagePaise,
    state.volume,
    0, // total buy quantity: no order book
    0, // total sell quantity
    state.open,
    state.high,
    state.low,
    state.close,
  ]);
  // Full: last trade time, OI (none for cash), exchange time; the depth stays zero.
  if (mode === 'full') writeAll(b, [state.at, 0, 0, 0, state.at], 44);
  return b;
}

export function frameOf(packets: Buffer[]): Buffer {
  const header = Buffer.alloc(2);
  header.writeUInt16BE(packets.length);
  const parts: Buffer[] = [header];
  for (const packet of packets) {
    const length = Buffer.alloc(2);
    length.writeUInt16BE(packet.length);
    parts.push(length, packet);
  }
  return Buffer.concat(parts);
}
