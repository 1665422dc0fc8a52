import type { TTranslation } from '../../lib/i18n';
import type { menuEnUS } from './menu-title';
/** The menu's titles in Hindi, by component key; fetched only when Hindi is chosen. */
export default {
  'news/list': 'समाचार',
  'market/watchlist': 'वॉचलिस्ट',
  'market/most-active': 'सबसे सक्रिय',
  'market/ranking': 'रैंकिंग',
  'trading/all-deals': 'सभी डील',
  'portfolio/investment-stats': 'निवेश आँकड़े',
  'portfolio/stock-stats': 'स्टॉक आँकड़े',
  'funds/bank-cards': 'बैंक कार्ड',
  'funds/assets': 'क्लाइंट संपत्ति',
  'credit/products': 'क्रेडिट उत्पाद',
  'engagement/offers': 'ऑफ़र',
  'engagement/achievements': 'उपलब्धियाँ',
  'engagement/score-info': 'स्कोर जानकारी',
  'engagement/radar': 'क्लाइंट रडार',
} satisfies TTranslation<typeof menuEnUS>;
