/**
 * Counter-based randomness: every draw is a pure function of (seed, step, stream), so a
 * simulated market is reproducible from its seed whatever order or process computes it.
 */

function mix32(x: number): number {
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b);
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35);
  return (x ^ (x >>> 16)) >>> 0;
}

/** A 32-bit hash of a string, for turning symbols and names into stream numbers. */
export function hashString(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return mix32(h);
}

/** A uniform draw in [0, 1) for (seed, step, stream, draw). */
export function uniform(seed: number, step: number, stream: number, draw = 0): number {
  let h = mix32(seed ^ 0x9e3779b9);
  h = mix32(h ^ Math.imul(step | 0, 0x27d4eb2f) ^ Math.floor(step / 0x100000000));
  h = mix32(h ^ stream);
  h = mix32(h ^ Math.imul(draw + 1, 0x165667b1));
  return h / 0x100000000;
}

/** A standard normal draw (Box–Muller) for (seed, step, stream). */
export function normal(seed: number, step: number, stream: number): number {
  const u1 = Math.max(uniform(seed, step, stream, 0), 1e-12);
  const u2 = uniform(seed, step, stream, 1);
  return Math.sqrt(-2 * Math.log(u1)) * Math.cos(2 * Math.PI * u2);
}
