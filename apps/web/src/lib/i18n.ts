import { M } from '@sampada/shared';
import i18n, { type Resource, type ResourceKey } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { commonEnUS } from './locales/en-US';

/**
 * The one i18n layer. en-US is the default language and holds the spec's wording; the
 * spec's messages come straight from @sampada/shared (`M`) so they are never retyped.
 * Adding Hindi means adding a 'hi-IN' resource next to each 'en-US' one.
 */
export const DEFAULT_LANGUAGE = 'en-US';

const messageKeyByText = new Map<string, string>(
  Object.entries(M).map(([key, text]) => [text, key]),
);

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  defaultNS: 'common',
  // A feature's namespace falls back to the common one: words several features use live once.
  fallbackNS: 'common',
  ns: ['common', 'messages'],
  resources: { [DEFAULT_LANGUAGE]: { common: commonEnUS, messages: M } } satisfies Resource,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

/** Adds a feature's strings (one namespace per feature, loaded with the feature's chunk). */
export function registerTranslations(ns: string, byLanguage: Record<string, ResourceKey>) {
  for (const [language, resources] of Object.entries(byLanguage)) {
    if (!i18n.hasResourceBundle(language, ns)) i18n.addResourceBundle(language, ns, resources);
  }
}

/**
 * A feature's namespace: registers its en-US strings (loaded with the feature's chunk) and
 * returns the hook that reads them. Words several features use live in the common namespace,
 * which every feature namespace falls back to.
 */
export function featureTranslations(ns: string, enUS: ResourceKey) {
  registerTranslations(ns, { [DEFAULT_LANGUAGE]: enUS });
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
