import type { TTranslation } from '../../lib/i18n';
import type { offlineEnUS } from './offline-i18n';
/** The offline page in Hindi (offline-i18n.ts). */
export default {
  title: 'आप ऑफ़लाइन हैं',
  text: 'इस डिवाइस पर इंटरनेट कनेक्शन नहीं है, इसलिए हम {{appName}} तक नहीं पहुँच सके। अपना वाई-फ़ाई या मोबाइल डेटा जाँचें, फिर से कोशिश करें।',
  retry: 'फिर से कोशिश करें',
  stillOffline: 'अभी भी ऑफ़लाइन। अपना कनेक्शन जाँचें और फिर से कोशिश करें।',
} satisfies TTranslation<typeof offlineEnUS>;
