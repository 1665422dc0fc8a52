/** A session's device and browser in words, from its User-Agent: a pure rule (its own test). */
const DEVICES: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/CrOS/, 'Chromebook'],
  [/Linux/, 'Linux'],
];
// Order matters: Edge and Opera also say Chrome, Chrome also says Safari.
const BROWSERS: [RegExp, string][] = [
  [/Edg\//, 'Edge'],
  [/OPR\//, 'Opera'],
  [/Firefox\//, 'Firefox'],
  [/Chrome\//, 'Chrome'],
  [/Safari\//, 'Safari'],
  [/okhttp|Dalvik/i, 'Android app'],
  [/CFNetwork|Darwin/, 'iOS app'],
];

const first = (rules: [RegExp, string][], text: string) =>
  rules.find(([pattern]) => pattern.test(text))?.[1] ?? null;

export function describeUserAgent(userAgent: string | null | undefined) {
  if (!userAgent) return { device: null, browser: null };
  return { device: first(DEVICES, userAgent), browser: first(BROWSERS, userAgent) };
}
