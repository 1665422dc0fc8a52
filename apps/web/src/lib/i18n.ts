import { M } from '@sampada/shared';
import { useMemo, useSyncExternalStore } from 'react';
import { commonEnUS } from './locales/en-US';

/**
 * The one i18n layer. en-US is the default language and holds the spec's wording; the
 * spec's messages come straight from @sampada/shared (`M`) so they are never retyped.
 * Adding Hindi means adding a 'hi-IN' resource next to each 'en-US' one.
 *
 * It is i18next's behaviour for what the app uses (namespaces with a fallback namespace,
 * 'ns:key' and 'a.b' keys, {{name}} interpolation without escaping, defaultValue,
 * returnObjects, a fallback language, a hook that re-renders on a language change) in a
 * hundred lines: i18next and react-i18next were 14 kB compressed of the first screen. No
 * resource uses plural suffixes; a `count` is interpolated like any other value.
 */
export const DEFAULT_LANGUAGE = 'en-US';
/** The languages the client app speaks; hi-IN falls back to en-US for what it lacks. */
export const LANGUAGES = ['en-US', 'hi-IN'] as const;
export type TLanguage = (typeof LANGUAGES)[number];
/** Each language named in itself, for the switch. */
export const LANGUAGE_NAMES: Record<TLanguage, string> = { 'en-US': 'English', 'hi-IN': 'हिन्दी' };

const isLanguage = (value: unknown): value is TLanguage =>
  (LANGUAGES as readonly unknown[]).includes(value);
/** storage.ts reads its messages through this file, so the language key is read here. */
const LANGUAGE_KEY = 'sampada.language';
function storedLanguage(): unknown {
  try {
    return JSON.parse(localStorage.getItem(LANGUAGE_KEY) ?? 'null');
  } catch {
    return null;
  }
}
const stored = typeof localStorage === 'undefined' ? null : storedLanguage();
const initialLanguage: TLanguage = isLanguage(stored) ? stored : DEFAULT_LANGUAGE;

/** A namespace's strings: nested objects, arrays (page sections) and strings. */
export type TResourceKey = { [key: string]: unknown };
/**
 * A translation kept out of the feature's chunk: fetched only when its language is chosen,
 * so English readers (and the first screen's budget) never pay for Hindi.
 */
export type TBundleLoader = () => Promise<{ default: TResourceKey }>;

export interface TTranslateOptions {
  ns?: string;
  defaultValue?: string;
  returnObjects?: boolean;
  [value: string]: unknown;
}

export interface TTranslate {
  (key: string, options: TTranslateOptions & { returnObjects: true }): unknown;
  (key: string, options?: TTranslateOptions): string;
}

const FALLBACK_NS = 'common';
const resources = new Map<string, Map<string, TResourceKey>>();
let language: string = initialLanguage;
const listeners = new Set<() => void>();
/** Bumped whenever the language or a loaded bundle changes what `t` answers. */
let revision = 0;
const notify = () => {
  revision += 1;
  listeners.forEach((listener) => listener());
};
const loaders = new Map<string, Map<string, TBundleLoader>>();
const loading = new Map<string, Promise<void>>();

/**
 * Fetches one lazy bundle once; screens re-render in the language when it arrives. It is
 * added to what the namespace already has, so a first-screen part can stay eager.
 */
function loadBundle(code: string, ns: string): Promise<void> {
  const loader = loaders.get(code)?.get(ns);
  if (!loader) return Promise.resolve();
  const key = `${code}:${ns}`;
  if (!loading.has(key)) {
    loading.set(
      key,
      loader().then(
        (module) => {
          const eager = resources.get(code)?.get(ns) ?? {};
          i18n.addResourceBundle(code, ns, { ...eager, ...module.default });
          notify();
        },
        (error: unknown) => {
          // Offline or a stale deploy: the screen stays in English and a later switch retries.
          loading.delete(key);
          console.error('Translation failed to load', key, error);
        },
      ),
    );
  }
  return loading.get(key)!;
}

/** Every lazy bundle of a language whose feature has been loaded so far. */
export function loadLanguage(code: string): Promise<void> {
  const namespaces = [...(loaders.get(code)?.keys() ?? [])];
  return Promise.all(namespaces.map((ns) => loadBundle(code, ns))).then(() => undefined);
}

const lookup = (tree: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (node, part) =>
        node !== null && typeof node === 'object' ? (node as TResourceKey)[part] : undefined,
      tree,
    );

/** 'hi-IN' → hi-IN, hi, then en-US: i18next's resolve order. */
function languages(): string[] {
  const base = language.split('-')[0]!;
  return [...new Set([language, base, DEFAULT_LANGUAGE])];
}

/** Replaces {{name}} with the option's value; a missing one becomes '' (as i18next). */
function interpolate(text: string, values: TTranslateOptions): string {
  return text.replace(/{{\s*([^}\s]+)\s*}}/g, (_match, name: string) => {
    const value = lookup(values, name);
    return value === undefined || value === null ? '' : String(value);
  });
}

/** Interpolates every string of an object or array found with returnObjects. */
function interpolateDeep(node: unknown, values: TTranslateOptions): unknown {
  if (typeof node === 'string') return interpolate(node, values);
  if (Array.isArray(node)) return node.map((item) => interpolateDeep(item, values));
  if (node !== null && typeof node === 'object') {
    return Object.fromEntries(
      Object.entries(node).map(([key, value]) => [key, interpolateDeep(value, values)]),
    );
  }
  return node;
}

function translate(defaultNs: string, key: string, options: TTranslateOptions = {}): unknown {
  const split = key.indexOf(':');
  const ns = split > 0 ? key.slice(0, split) : (options.ns ?? defaultNs);
  const path = split > 0 ? key.slice(split + 1) : key;
  // Namespace first, then language: the feature's words in every language before common's.
  for (const namespace of [...new Set([ns, FALLBACK_NS])]) {
    for (const code of languages()) {
      const found = lookup(resources.get(code)?.get(namespace), path);
      if (typeof found === 'string') return interpolate(found, options);
      if (found !== undefined && found !== null && options.returnObjects) {
        return interpolateDeep(found, options);
      }
    }
  }
  return options.defaultValue !== undefined ? interpolate(options.defaultValue, options) : path;
}

const translatorFor = (ns: string) =>
  ((key: string, options?: TTranslateOptions) => translate(ns, key, options)) as TTranslate;

/** The part of i18next's instance the app reads. */
export const i18n = {
  get language() {
    return language;
  },
  t: translatorFor(FALLBACK_NS),
  hasResourceBundle: (code: string, ns: string) => Boolean(resources.get(code)?.has(ns)),
  addResourceBundle(code: string, ns: string, bundle: TResourceKey) {
    if (!resources.has(code)) resources.set(code, new Map());
    resources.get(code)!.set(ns, bundle);
  },
  async changeLanguage(code: string) {
    // The loaded screens switch at once rather than word by word as bundles arrive.
    await loadLanguage(code);
    language = code;
    notify();
  },
};

i18n.addResourceBundle(DEFAULT_LANGUAGE, 'common', commonEnUS);
i18n.addResourceBundle(DEFAULT_LANGUAGE, 'messages', M);
// Hindi, shell and messages alike, is fetched only once it is chosen: English readers never
// pay for it, and a Hindi device waits for it before the first render (main.tsx).
registerTranslations('common', {
  'hi-IN': async () => ({ default: (await import('./locales/hi-IN')).commonHiIN }),
});
registerTranslations('messages', {
  'hi-IN': async () => {
    const [signIn, signedIn] = await Promise.all([
      import('./locales/hi-IN'),
      import('./locales/hi-IN.messages'),
    ]);
    return { default: { ...signIn.messagesHiIN, ...signedIn.default } };
  },
});

if (typeof document !== 'undefined') document.documentElement.lang = initialLanguage;

/** Switches the app's language and keeps the choice on the device (decision 021). */
export async function setLanguage(code: TLanguage) {
  try {
    localStorage.setItem(LANGUAGE_KEY, JSON.stringify(code));
  } catch {
    // Private modes may refuse storage: the switch still works for this visit.
  }
  document.documentElement.lang = code;
  await i18n.changeLanguage(code);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const currentRevision = () => revision;

/** react-i18next's hook: `t` for a namespace (common by default), new on a language change. */
export function useTranslation(ns: string = FALLBACK_NS) {
  // The third argument serves the build's pre-render (react-dom/server), which has no store.
  const current = useSyncExternalStore(subscribe, currentRevision, currentRevision);
  // A new `t` for each language or bundle, so what was computed with the old one runs again.
  const t = useMemo(() => translatorFor(ns), [ns, current]);
  return { t, i18n, ready: true };
}

/** A spec message's English text → its 'namespace:key', so its translation can be found. */
const messageKeyByText = new Map<string, string>(
  Object.entries(M).map(([key, text]) => [text, `messages:${key}`]),
);

/**
 * Makes a group of a feature's spec messages (its form checks, its refusals, its toasts)
 * translatable by their text, as the `M` messages are: en-US is the shared wording itself.
 */
export function registerMessages(
  ns: string,
  enUS: Record<string, string>,
  translations: Partial<Record<TLanguage, TResourceKey | TBundleLoader>> = {},
) {
  for (const [key, text] of Object.entries(enUS)) {
    if (!messageKeyByText.has(text)) messageKeyByText.set(text, `${ns}:${key}`);
  }
  registerTranslations(ns, { [DEFAULT_LANGUAGE]: enUS, ...translations });
}

/**
 * Adds a feature's strings (one namespace per feature, loaded with the feature's chunk): a
 * bundle, or a loader for a language fetched only when that language is in use.
 */
export function registerTranslations(
  ns: string,
  byLanguage: Record<string, TResourceKey | TBundleLoader>,
) {
  for (const [code, bundle] of Object.entries(byLanguage)) {
    if (typeof bundle === 'function') {
      if (!loaders.has(code)) loaders.set(code, new Map());
      loaders.get(code)!.set(ns, bundle as TBundleLoader);
      if (code === language) void loadBundle(code, ns);
    } else if (!i18n.hasResourceBundle(code, ns)) {
      i18n.addResourceBundle(code, ns, bundle);
    }
  }
}

/** The namespaces registered so far, for the test that holds every language to en-US's keys. */
export const registeredNamespaces = () => [...(resources.get(DEFAULT_LANGUAGE)?.keys() ?? [])];
/** One language's strings of a namespace, once loaded. */
export const bundleOf = (code: string, ns: string) => resources.get(code)?.get(ns);

/**
 * A feature's namespace: registers its en-US strings (loaded with the feature's chunk) and
 * returns the hook that reads them. Words several features use live in the common namespace,
 * which every feature namespace falls back to.
 */
export function featureTranslations(
  ns: string,
  enUS: TResourceKey,
  translations: Partial<Record<TLanguage, TResourceKey | TBundleLoader>> = {},
) {
  registerTranslations(ns, { [DEFAULT_LANGUAGE]: enUS, ...translations });
  return () => useTranslation(ns);
}

/**
 * Translates a spec message (from `M`, a zod error or a toast) into the current language;
 * text that is not one of the spec's messages (for example a server reason) passes through.
 */
export function translateMessage(text: string | undefined): string {
  if (!text) return '';
  const key = messageKeyByText.get(text);
  return key ? i18n.t(key) : text;
}

export const t = i18n.t;
