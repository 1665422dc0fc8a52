import type { TTranslation } from '../../lib/i18n';
import type { newsEnUS } from './i18n';
/** News in Hindi; fetched only when Hindi is chosen. */
export default {
  title: 'समाचार',
  aboutSymbol: '{{symbol}} के बारे में समाचार',
  allNews: 'सभी समाचार',
  loadMore: 'और लोड करें',
  empty: 'अभी कोई समाचार नहीं। बाज़ार नोट्स और सुर्खियाँ प्रकाशित होते ही यहाँ दिखेंगी।',
  emptyForSymbol: '{{symbol}} के बारे में अभी कोई समाचार नहीं।',
  end: 'आपने सब कुछ देख लिया है।',
  loadFailed: 'समाचार लोड नहीं हो सके।',
  retry: 'फिर से कोशिश करें',
  notFound: 'यह लेख उपलब्ध नहीं है। हो सकता है इसे वापस ले लिया गया हो।',
  readOriginal: 'मूल लेख {{host}} पर पढ़ें',
  related: 'संबंधित सिंबल',
  time: {
    justNow: 'अभी-अभी',
  },
} satisfies TTranslation<typeof newsEnUS>;
