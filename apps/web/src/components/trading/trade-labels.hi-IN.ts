import type { TTranslation } from '../../lib/i18n';
import type { tradeLabelsEnUS } from './trade-labels';
/** The shared trading vocabulary in Hindi; fetched only when Hindi is chosen. */
export default {
  status: {
    awaiting: 'लंबित',
    filled: 'पूरा हुआ',
    partially_filled: 'आंशिक रूप से पूरा',
    cancelled: 'रद्द',
    rejected: 'अस्वीकृत',
    expired: 'समाप्त',
  },
  type: {
    market: 'मार्केट',
    limit: 'लिमिट',
    sl: 'स्टॉप-लॉस लिमिट (SL)',
    sl_m: 'स्टॉप-लॉस मार्केट (SL-M)',
    institutional: 'संस्थागत',
    otc: 'OTC ब्लॉक',
    ipo: 'IPO',
  },
  charge: {
    brokerage_paise: 'ब्रोकरेज',
    stt_paise: 'STT',
    exchange_paise: 'एक्सचेंज लेन-देन शुल्क',
    sebi_paise: 'SEBI टर्नओवर शुल्क',
    stamp_paise: 'स्टाम्प ड्यूटी',
    dp_paise: 'DP शुल्क',
    gst_paise: 'GST',
  },
  side: { buy: 'खरीदें', sell: 'बेचें' },
} satisfies TTranslation<typeof tradeLabelsEnUS>;
