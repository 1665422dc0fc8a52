import { FM, M, TRADING_DONE } from '@sampada/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  bundleOf,
  DEFAULT_LANGUAGE,
  loadLanguage,
  registeredNamespaces,
  setLanguage,
  translateMessage,
} from './i18n';
import { messagesHiIN } from './locales/hi-IN';

/*
 * Every module that registers a namespace, found by name so a new feature is held to the same
 * rule without editing this test.
 */
import.meta.glob(['../**/i18n.ts', '../**/*-i18n.ts', '../**/trade-labels.ts'], { eager: true });
import.meta.glob(
  [
    '../components/status-badge.tsx',
    '../app/layout/menu-title.ts',
    './spec-messages.ts',
    '../components/shared-labels.ts',
  ],
  {
    eager: true,
  },
);

/** Hindi may repeat English only for these: names, codes and units a Hindi reader uses as is. */
const SAME_IN_HINDI = new Set([
  'UID',
  'ISIN',
  'IFSC',
  'UPI ID',
  'IPO',
  'OTC',
  'GTT',
  'SL',
  'SL-M',
  'UTC',
  'VIP {{level}}',
  'VIP {{vip}}',
  'APR',
  'VIP',
  'KYC',
  'STT',
  'GST',
  '1.913B',
  'English',
]);

/** A value that carries no words: only placeholders, numbers, symbols and punctuation. */
const hasNoWords = (text: string) => !/[A-Za-z]/.test(text.replace(/{{[^}]+}}/g, ''));

type TLeaf = [path: string, value: string];
function leaves(node: unknown, prefix = ''): TLeaf[] {
  if (typeof node === 'string') return [[prefix, node]];
  if (node === null || typeof node !== 'object') return [];
  return Object.entries(node).flatMap(([key, inner]) =>
    leaves(inner, prefix ? `${prefix}.${key}` : key),
  );
}
const placeholders = (text: string) => (text.match(/{{\s*[^}\s]+\s*}}/g) ?? []).sort();

const namespaces = () => registeredNamespaces();

describe('Hindi covers the whole client app', () => {
  beforeAll(() => loadLanguage('hi-IN'));

  it('registers the feature namespaces (the glob found them)', () => {
    expect(namespaces()).toEqual(
      expect.arrayContaining([
        'common',
        'auth',
        'dashboard',
        'market',
        'portfolio',
        'funds',
        'funds-messages',
        'trade-messages',
      ]),
    );
  });

  it('has every en-US key in hi-IN and no key en-US lacks, namespace by namespace', () => {
    const gaps = namespaces().flatMap((ns) => {
      const english = leaves(bundleOf(DEFAULT_LANGUAGE, ns)).map(([path]) => path);
      const hindi = leaves(bundleOf('hi-IN', ns)).map(([path]) => path);
      const missing = english.filter((path) => !hindi.includes(path));
      const extra = hindi.filter((path) => !english.includes(path));
      return missing.length + extra.length > 0 ? [{ ns, missing, extra }] : [];
    });
    expect(gaps).toEqual([]);
  });

  it('translates every value (English kept only for names, codes and units) with the same placeholders', () => {
    const wrong = namespaces().flatMap((ns) => {
      const hindi = new Map(leaves(bundleOf('hi-IN', ns)));
      return leaves(bundleOf(DEFAULT_LANGUAGE, ns)).flatMap(([path, english]) => {
        const translated = hindi.get(path);
        if (translated === undefined) return [];
        const untranslated =
          translated === english && !SAME_IN_HINDI.has(english) && !hasNoWords(english);
        const samePlaceholders = placeholders(translated).join() === placeholders(english).join();
        return untranslated || !samePlaceholders
          ? [{ key: `${ns}:${path}`, english, translated }]
          : [];
      });
    });
    expect(wrong).toEqual([]);
  });

  it("gives Discover a Hindi name of its own, not Search's खोजें, and no two menu items one name", () => {
    const nav = (lang: string) => (bundleOf(lang, 'common') as { nav: Record<string, string> }).nav;
    const search = bundleOf('hi-IN', 'search') as Record<string, string>;
    const searchPlaceholder = (bundleOf('hi-IN', 'messages') as Record<string, string>)
      .searchPlaceholder!;
    const searchNames = [search.title, search.open, searchPlaceholder.replace(/\.+$/, '')];
    expect(searchNames).not.toContain(nav('hi-IN').discover);
    // Menu items that differ in English differ in Hindi.
    const englishOf = new Map<string, Set<string>>();
    for (const [key, hindi] of Object.entries(nav('hi-IN')))
      englishOf.set(hindi, (englishOf.get(hindi) ?? new Set()).add(nav(DEFAULT_LANGUAGE)[key]!));
    const shared = [...englishOf].filter(([, english]) => english.size > 1);
    expect(shared).toEqual([]);
  });

  it("finds a money or trading screen's spec message by its English text, in Hindi", async () => {
    await setLanguage('hi-IN');
    try {
      expect(translateMessage(FM.beyondBalance)).toBe('राशि आपके उपलब्ध बैलेंस से अधिक है।');
      expect(translateMessage(TRADING_DONE.orderPlaced)).toBe('ऑर्डर लगाया गया।');
      // A server reason that is no spec message passes through.
      expect(translateMessage('Bank holiday')).toBe('Bank holiday');
    } finally {
      await setLanguage(DEFAULT_LANGUAGE);
    }
    expect(translateMessage(FM.beyondBalance)).toBe(FM.beyondBalance);
  });

  it("translates every spec message the client shows, the first screen's ones eagerly", () => {
    const hindi = bundleOf('hi-IN', 'messages') ?? {};
    expect(Object.keys(M).filter((key) => !(key in hindi))).toEqual([]);
    expect(Object.keys(messagesHiIN)).toEqual(expect.arrayContaining(['mobileInvalid']));
  });
});
