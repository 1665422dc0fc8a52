import type { TTranslation } from '../../lib/i18n';
import type { compensationEnUS } from './i18n';
/** The compensation claim form in Hindi; fetched only when Hindi is chosen. */
export default {
  title: 'मुआवज़ा आवेदन',
  category: 'दावा किस बारे में है?',
  choose: 'चुनें…',
  amount: 'दावे की राशि',
  related: 'संबंधित ऑर्डर या लेन-देन',
  relatedNone: 'कोई नहीं',
  description: 'क्या हुआ',
  evidence: 'साक्ष्य की तस्वीरें',
  submit: 'दावा जमा करें',
  submitted: 'दावा जमा हो गया',
  reference: 'आपका संदर्भ नंबर: {{reference}}',
  due: '{{date}} तक निर्णय होना है।',
  failed: 'दावा जमा नहीं हो सका।',
  replyLabel: 'आपका उत्तर',
  reply: 'उत्तर भेजें',
  withdraw: 'दावा वापस लें',
  replyFailed: 'उत्तर भेजा नहीं जा सका।',
} satisfies TTranslation<typeof compensationEnUS>;
