import { M } from '@sampada/shared';
import i18n, { type Resource, type ResourceKey } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { commonEnUS } from './locales/en-US';
import { commonHiIN, messagesHiIN } from './locales/hi-IN';

/**
 * The one i18n layer. en-US is the default language and holds the spec's wording; the
 * spec's messages come straight from @sampada/shared (`M`) so they are never retyped.
 * Adding Hindi means adding a 'hi-IN' resource next to each 'en-US' one.
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

const messageKeyByText = new Map<string, string>(
  Object.entries(M).map(([key, text]) => [text, key]),
);

void i18n.use(initReactI18next).init({
  lng: initialLanguage,
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  // A feature's namespace falls back to the common one: words several features use live once.
  fallbackNS: 'common',
  ns: ['common', 'messages'],
  resources: {
    [DEFAULT_LANGUAGE]: { common: commonEnUS, messages: M },
    'hi-IN': { common: commonHiIN, messages: messagesHiIN },
  } satisfies Resource,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

if (typeof document !== 'undefined') document.documentElement.lang = initialLanguage;

/** Switches the app's language and keeps the choice on the device (decision 021). */
export async function setLanguage(language: TLanguage) {
  try {
    localStorage.setItem(LANGUAGE_KEY, JSON.stringify(language));
  } catch {
    // Private modes may refuse storage: the switch still works for this visit.
  }
  document.documentElement.lang = language;
  await i18n.changeLanguage(language);
}

/** Adds a feature's strings (one namespace per feature, loaded with the feature's chunk). */
export function registerTranslations(ns: string, byLanguage: Record<string, ResourceKey>) {
  for (const [language, resources] of Object.entries(byLanguage)) {
    if (!i18n.hasResourceBundle(language, ns)) i18n.addResourceBundle(language, ns, resources);
  }
}

/**
 * A feature's namespace: registers its en-US strings (loaded with the feature's chunk), and
 * its translations when it has them, and returns the hook that reads them. Words several
 * features use live in the common namespace, which every feature namespace falls back to; a
 * key a translation lacks falls back to en-US.
 */
export function featureTranslations(
  ns: string,
  enUS: ResourceKey,
  translations: Partial<Record<TLanguage, ResourceKey>> = {},
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
  return key ? i18n.t(key, { ns: 'messages' }) : text;
}

export const t = i18n.t.bind(i18n);
export { i18n, useTranslation };
