import { featureTranslations } from '../../lib/i18n';

/** The offline page's strings; small, because the page ships in the first bundle. */
export const useOfflineTranslation = featureTranslations(
  'offline',
  {
    title: 'You are offline',
    text: 'We could not reach {{appName}} because this device has no internet connection. Check your Wi-Fi or mobile data, then try again.',
    retry: 'Try again',
    stillOffline: 'Still offline. Check your connection and try again.',
  },
  {
    // Inline, not fetched: this page shows when nothing more can be fetched.
    'hi-IN': {
      title: 'आप ऑफ़लाइन हैं',
      text: 'इस डिवाइस पर इंटरनेट कनेक्शन नहीं है, इसलिए हम {{appName}} तक नहीं पहुँच सके। अपना वाई-फ़ाई या मोबाइल डेटा जाँचें, फिर से कोशिश करें।',
      retry: 'फिर से कोशिश करें',
      stillOffline: 'अभी भी ऑफ़लाइन। अपना कनेक्शन जाँचें और फिर से कोशिश करें।',
    },
  },
);
