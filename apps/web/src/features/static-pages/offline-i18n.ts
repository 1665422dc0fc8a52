import { featureTranslations } from '../../lib/i18n';

/** The offline page's strings; small, because the page ships in the first bundle. */
export const useOfflineTranslation = featureTranslations('offline', {
  title: 'You are offline',
  text: 'We could not reach {{appName}} because this device has no internet connection. Check your Wi-Fi or mobile data, then try again.',
  retry: 'Try again',
  stillOffline: 'Still offline. Check your connection and try again.',
});
