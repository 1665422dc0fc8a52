import { formatCount, M, M_CODE_PREFIX } from '@sampada/shared';
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
 * hundred lines: i18next and react-i18next were 14 kB compressed of the first screen. Keys
 * are typed from the en-US objects (`TTranslateFor`), and a `count` picks i18next's plural
 * form ('key_one', 'key_other') by `Intl.PluralRules` of the language.
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
export type TBundleLoader<T = TResourceKey> = () => Promise<{ default: T }>;

/**
 * Another language's strings for an en-US resource: any part of its keys and none other (a
 * key English lacks is a type error), arrays (page sections) of the same shape.
 */
export type TTranslation<T> = {
  [K in keyof T]?: T[K] extends string
    ? string
    : T[K] extends readonly unknown[]
      ? T[K]
      : T[K] extends (...args: never[]) => unknown
        ? never
        : TTranslation<T[K]>;
};

/** A plural form's key ('trades_one') answers to its base key ('trades') with a count. */
type TBaseKey<K extends string> = K extends `${infer Base}_${Intl.LDMLPluralRule}` ? Base : K;

/** The dotted paths of a resource to its strings: what `t` accepts. */
export type TLeafKey<T> = T extends readonly unknown[]
  ? never
  : T extends object
    ? {
        [K in keyof T & string]: T[K] extends string
          ? TBaseKey<K>
          : T[K] extends (...args: never[]) => unknown
            ? never
            : `${K}.${TLeafKey<T[K]>}`;
      }[keyof T & string]
    : never;

/** Every dotted path of a resource, objects and arrays too: what `returnObjects` accepts. */
export type TAnyKey<T> = T extends readonly unknown[]
  ? never
  : T extends object
    ? {
        [K in keyof T & string]: T[K] extends string
          ? TBaseKey<K>
          : T[K] extends (...args: never[]) => unknown
            ? never
            : T[K] extends readonly unknown[]
              ? K
              : K | `${K}.${TAnyKey<T[K]>}`;
      }[keyof T & string]
    : never;

/**
 * The namespaces a key may name ('trade-labels:side.buy'), each with its en-US strings. A
 * module whose namespace other files read by name adds itself here:
 * `declare module '…/lib/i18n' { interface TNamespaces { 'trade-labels': typeof enUS } }`.
 */
export interface TNamespaces {
  common: typeof commonEnUS;
  messages: typeof M;
}
type TNamespace = keyof TNamespaces & string;
type TNamespacedLeafKey = { [N in TNamespace]: `${N}:${TLeafKey<TNamespaces[N]>}` }[TNamespace];
type TNamespacedAnyKey = { [N in TNamespace]: `${N}:${TAnyKey<TNamespaces[N]>}` }[TNamespace];
type TCommonLeafKey = TLeafKey<typeof commonEnUS>;
type TCommonAnyKey = TAnyKey<typeof commonEnUS>;

export interface TTranslateOptions {
  ns?: string;
  defaultValue?: string;
  returnObjects?: boolean;
  /** Picks the plural form ('key_one', 'key_other') by the language's rules, and is {{count}}. */
  count?: number;
  [value: string]: unknown;
}

/**
 * `t` for a namespace whose strings are `Leaf` (and, with returnObjects, `Any`): a key that
 * does not exist is a type error. A key read from data the app does not know in advance (a
 * server's status, a menu component) must come with its defaultValue.
 */
export interface TTranslate<Leaf extends string = string, Any extends string = string> {
  (key: Any, options: TTranslateOptions & { returnObjects: true }): unknown;
  (key: Leaf, options?: TTranslateOptions): string;
  (key: string, options: TTranslateOptions & { defaultValue: string }): string;
}

/** `t` of a namespace whose en-US strings are `T`: its keys, common's, and 'ns:key' ones. */
export type TTranslateFor<T> = TTranslate<
  TLeafKey<T> | TCommonLeafKey | TNamespacedLeafKey,
  TAnyKey<T> | TCommonAnyKey | TNamespacedAnyKey
>;
/** A key `t` of a namespace whose en-US strings are `T` accepts (for a label kept in a list). */
export type TKeyOf<T> = TLeafKey<T> | TCommonLeafKey | TNamespacedLeafKey;
/** A key the common `t` (`useTranslation()`, `i18n.t`) accepts. */
export type TCommonKey = TCommonLeafKey | TNamespacedLeafKey;
export type TCommonTranslate = TTranslate<TCommonKey, TCommonAnyKey | TNamespacedAnyKey>;
/** Any namespace's `t`, for a helper that takes whichever the screen has. */
export type TAnyTranslate = TTranslate<never, never>;
/**
 * `t` for keys built from data whose every value is not known to the types (a notice's kind,
 * a route's title): the lookup still falls back to the key itself, as before.
 */
export const looseKeys = (t: TAnyTranslate) => t as unknown as TTranslate;

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

/**
 * Replaces {{name}} with the option's value; a missing one becomes '' (as i18next). A count
 * reads with Indian grouping, as the figures beside it do: "90,636 you can sell".
 */
function interpolate(text: string, values: TTranslateOptions): string {
  return text.replace(/{{\s*([^}\s]+)\s*}}/g, (_match, name: string) => {
    const value = lookup(values, name);
    if (name === 'count' && typeof value === 'number') return formatCount(value);
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

const pluralRules = new Map<string, Intl.PluralRules>();
/** The keys to try for a path: with a count, its plural form in that language first. */
function candidates(code: string, path: string, count: unknown): string[] {
  if (typeof count !== 'number') return [path];
  if (!pluralRules.has(code)) pluralRules.set(code, new Intl.PluralRules(code));
  const form = pluralRules.get(code)!.select(count);
  return [...new Set([`${path}_${form}`, `${path}_other`, path])];
}

function find(namespace: string, code: string, path: string, options: TTranslateOptions) {
  const bundle = resources.get(code)?.get(namespace);
  for (const candidate of candidates(code, path, options.count)) {
    const found = lookup(bundle, candidate);
    if (typeof found === 'string') return interpolate(found, options);
    if (found !== undefined && found !== null && options.returnObjects) {
      return interpolateDeep(found, options);
    }
  }
  return undefined;
}

function translate(defaultNs: string, key: string, options: TTranslateOptions = {}): unknown {
  const split = key.indexOf(':');
  const ns = split > 0 ? key.slice(0, split) : (options.ns ?? defaultNs);
  const path = split > 0 ? key.slice(split + 1) : key;
  // Namespace first, then language: the feature's words in every language before common's.
  for (const namespace of [...new Set([ns, FALLBACK_NS])]) {
    for (const code of languages()) {
      const found = find(namespace, code, path, options);
      if (found !== undefined) return found;
    }
  }
  return options.defaultValue !== undefined ? interpolate(options.defaultValue, options) : path;
}

function translatorFor<T extends TTranslate<never, never>>(ns: string): T {
  return ((key: string, options?: TTranslateOptions) => translate(ns, key, options)) as T;
}

/** The part of i18next's instance the app reads. */
export const i18n = {
  get language() {
    return language;
  },
  t: translatorFor<TCommonTranslate>(FALLBACK_NS),
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
export function useTranslation<N extends TNamespace = 'common'>(ns: N = FALLBACK_NS as N) {
  // The third argument serves the build's pre-render (react-dom/server), which has no store.
  const current = useSyncExternalStore(subscribe, currentRevision, currentRevision);
  // A new `t` for each language or bundle, so what was computed with the old one runs again.
  const t = useMemo(() => translatorFor<TTranslateFor<TNamespaces[N]>>(ns), [ns, current]);
  return { t, i18n, ready: true };
}

/** A spec message's English text → its 'namespace:key', for the app's own form checks. */
const messageKeyByText = new Map<string, string>(
  Object.entries(M).map(([key, text]) => [text, `messages:${key}`]),
);
/**
 * A server refusal's machine code (`error_code`, packages/shared message-codes.ts) → its
 * 'namespace:key': the spec's messages are `app.<key>`, the features' add theirs on loading.
 */
const messageKeyByCode = new Map<string, string>(
  Object.keys(M).map((key) => [`${M_CODE_PREFIX}.${key}`, `messages:${key}`]),
);

/**
 * Makes a group of a feature's spec messages (its form checks, its refusals, its toasts)
 * translatable by their text, as the `M` messages are: en-US is the shared wording itself.
 */
export function registerMessages<T extends Record<string, string>>(
  ns: string,
  enUS: T,
  translations: Partial<Record<TLanguage, TTranslation<T> | TBundleLoader<TTranslation<T>>>>,
  /** The shared `messageCode`, passed by the (lazy) caller so the first screen never loads it. */
  codeOf: (text: string) => string | undefined,
) {
  for (const [key, text] of Object.entries(enUS)) {
    if (!messageKeyByText.has(text)) messageKeyByText.set(text, `${ns}:${key}`);
    const code = codeOf(text);
    if (code && !messageKeyByCode.has(code)) messageKeyByCode.set(code, `${ns}:${key}`);
  }
  registerTranslations(ns, { [DEFAULT_LANGUAGE]: enUS, ...translations });
}

/**
 * Adds a feature's strings (one namespace per feature, loaded with the feature's chunk): a
 * bundle, or a loader for a language fetched only when that language is in use.
 */
export function registerTranslations(
  ns: string,
  byLanguage: Record<string, object | TBundleLoader<object>>,
) {
  for (const [code, bundle] of Object.entries(byLanguage)) {
    if (typeof bundle === 'function') {
      if (!loaders.has(code)) loaders.set(code, new Map());
      loaders.get(code)!.set(ns, bundle as TBundleLoader);
      if (code === language) void loadBundle(code, ns);
    } else if (!i18n.hasResourceBundle(code, ns)) {
      i18n.addResourceBundle(code, ns, bundle as TResourceKey);
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
export function featureTranslations<T extends TResourceKey>(
  ns: string,
  enUS: T,
  translations: Partial<Record<TLanguage, TTranslation<T> | TBundleLoader<TTranslation<T>>>> = {},
) {
  registerTranslations(ns, { [DEFAULT_LANGUAGE]: enUS, ...translations });
  return () => {
    const { t, ...rest } = useTranslation(ns as TNamespace);
    return { t: t as unknown as TTranslateFor<T>, ...rest };
  };
}

/** A server refusal: its English message and, from a server that sends one, its code. */
export interface TCodedMessage {
  message: string;
  errorCode?: string;
}

/**
 * Translates a message into the current language: a server refusal by its machine code, the
 * app's own (from `M`, a zod check or a toast) by its text. Anything else (a code this client
 * does not know, a reason in the officer's words) shows the English it came with.
 */
export function translateMessage(source: string | TCodedMessage | undefined): string {
  if (!source) return '';
  if (typeof source !== 'string') {
    const byCode = source.errorCode && messageKeyByCode.get(source.errorCode);
    return byCode ? looseKeys(i18n.t)(byCode) : translateMessage(source.message);
  }
  const key = messageKeyByText.get(source);
  return key ? looseKeys(i18n.t)(key) : source;
}

export const t = i18n.t;
