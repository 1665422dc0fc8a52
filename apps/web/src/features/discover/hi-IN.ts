import type { TTranslation } from '../../lib/i18n';
import type { discoverEnUS } from './i18n';
/** Discover in Hindi; fetched only when Hindi is chosen. */
export default {
  title: 'जानें',
  intro: 'फ़र्म द्वारा चुने गए विचार, लाइव भावों के साथ, और उनके पीछे की कंपनियाँ।',
  themes: 'थीम',
  themesEmpty: 'अभी तक कोई थीम प्रकाशित नहीं हुई है।',
  themeChange: 'आज थीम',
  about: '{{symbol}} के बारे में',
  companies: 'कंपनी प्रोफ़ाइल',
  showAll: 'सभी {{count}} दिखाएँ',
  showFewer: 'कम दिखाएँ',
  scoreTitle: 'आपका ट्रस्ट स्कोर',
  scoreText: 'आपका स्कोर और VIP स्तर कैसे तय होते हैं, और उन्हें कैसे बढ़ाएँ।',
  scoreLink: 'स्कोर के बारे में पढ़ें',
  company: {
    back: 'जानें पर वापस',
    notFound: 'इस कंपनी का अभी कोई परिचय नहीं है।',
    openDetail: 'भाव और चार्ट',
  },
} satisfies TTranslation<typeof discoverEnUS>;
