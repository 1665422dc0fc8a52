import type { TTranslation } from '../../lib/i18n';
import type { twoFactorEnUS } from './i18n';
/** The second factor's pieces in Hindi; fetched only when Hindi is chosen. */
export default {
  code: 'प्रमाणीकरण कोड',
  codeHint: 'आपके ऑथेंटिकेटर ऐप का 6 अंकों का कोड, या आपका कोई रिकवरी कोड।',
  totpHint: 'आपका ऑथेंटिकेटर ऐप अभी जो 6 अंकों का कोड दिखा रहा है।',
  setup: {
    title: 'अपना ऑथेंटिकेटर सेट करें',
    scan: 'इस QR कोड को किसी ऑथेंटिकेटर ऐप (Google Authenticator, Microsoft Authenticator, Authy…) से स्कैन करें, या उसमें कुंजी टाइप करें।',
    qrAlt: 'आपके ऑथेंटिकेटर ऐप के लिए QR कोड',
    key: 'कुंजी',
    keyLabel: 'कुंजी',
  },
  recovery: {
    title: 'आपके रिकवरी कोड',
    hint: 'फ़ोन खो जाने पर हर कोड से एक बार साइन इन किया जा सकता है। ये केवल अभी दिखाए जा रहे हैं: इन्हें लिख लें या किसी पासवर्ड मैनेजर में रखें।',
    copyLabel: 'रिकवरी कोड',
    saved: 'मैंने अपने रिकवरी कोड सुरक्षित जगह रख लिए हैं',
    done: 'जारी रखें',
  },
} satisfies TTranslation<typeof twoFactorEnUS>;
