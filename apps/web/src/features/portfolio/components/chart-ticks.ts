/**
 * Round steps for a chart's value axis: 0 to a little above the largest value in four or so
 * steps of 1, 2, 2.5 or 5 times a power of ten, so ticks read ₹50,000 and not ₹47,213.
 */
export function valueTicks(max: number, steps = 4): number[] {
  if (!(max > 0)) return [0, 1];
  const raw = max / steps;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((f) => f * power >= raw) ?? 10) * power;
  const ticks: number[] = [];
  for (let tick = 0; tick < max + step; tick += step) ticks.push(tick);
  return ticks;
}
