import { featureTranslations } from '../../lib/i18n';

/** The offline namespace's strings: the spec's wording, and the shape of every translation. */
export const offlineEnUS = {
  title: 'You are offline',
  text: 'We could not reach {{appName}} because this device has no internet connection. Check your Wi-Fi or mobile data, then try again.',
  retry: 'Try again',
  stillOffline: 'Still offline. Check your connection and try again.',
};

/** The offline page's strings; small, because the page ships in the first bundle. */
export const useOfflineTranslation = featureTranslations('offline', offlineEnUS, {
  // Fetched as soon as Hindi is in use (this page is registered with the first screen), so
  // it is in memory, and in the browser's cache of hashed files, before a connection drops.
  'hi-IN': () => import('./offline.hi-IN'),
});
