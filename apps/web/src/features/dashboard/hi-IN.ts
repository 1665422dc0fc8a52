import type { TTranslation } from '../../lib/i18n';
import type { dashboardEnUS } from './i18n';
/** The dashboard in Hindi; fetched only when Hindi is chosen. */
export default {
  title: 'होम',
  greeting: 'नमस्ते, {{name}}',
  assets: {
    title: 'आपकी संपत्ति',
    total: 'कुल संपत्ति',
    available: 'उपलब्ध नकद',
    onHold: 'होल्ड पर',
    holdings: 'होल्डिंग्स का मूल्य',
    pnl: 'अप्राप्त लाभ/हानि',
    unavailable: 'संपत्ति के आँकड़े अभी उपलब्ध नहीं हैं।',
    deposit: 'पैसे जोड़ें',
  },
  steps: {
    title: 'शुरू करें',
    intro: 'कुछ कदम और आप निवेश के लिए तैयार हैं।',
    progress: '{{total}} में से {{done}} पूरे',
    bank: 'बैंक खाता जोड़ें',
    bankHint: 'निकासी इसी में भेजी जाती है।',
    pin: 'अपना PIN सेट करें',
    pinHint: 'हर ऑर्डर, निकासी और ऋण के लिए यह ज़रूरी है।',
    money: 'पैसे जोड़ें',
    moneyHint: 'ट्रेडिंग शुरू करने के लिए IMPS, NEFT या UPI से जमा करें।',
    trade: 'अपना पहला ट्रेड करें',
    tradeHint: 'मार्केट में कोई स्टॉक खोजें और खरीदें चुनें।',
    bankGo: 'जोड़ें',
    pinGo: 'सेट करें',
    moneyGo: 'जमा करें',
    tradeGo: 'देखें',
    done: 'पूरा',
  },
  nominees: {
    title: 'अपने नॉमिनी जोड़ें',
    body: 'अपने शेयर और पैसे पाने के लिए 10 तक लोगों के नाम दें, या घोषणा पर हस्ताक्षर करें कि आप नॉमिनी नहीं चुनते। SEBI हर निवेशक से इनमें से एक माँगता है।',
    go: 'नॉमिनी पर जाएँ',
  },
  watchlist: {
    title: 'वॉचलिस्ट',
    empty: 'आपकी वॉचलिस्ट में अभी कुछ नहीं है। कोई स्टॉक खोलें और "वॉचलिस्ट में जोड़ें" चुनें।',
  },
  movers: { title: 'सबसे ज़्यादा बदलाव' },
  headlines: {
    title: 'ताज़ा सुर्खियाँ',
    empty: 'अभी तक कोई समाचार प्रकाशित नहीं हुआ है।',
  },
} satisfies TTranslation<typeof dashboardEnUS>;
