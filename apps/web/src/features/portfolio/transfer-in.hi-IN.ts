import type { TTranslation } from '../../lib/i18n';
import type { transferInEnUS } from './transfer-in-i18n';
/** The transfer-in screen in Hindi (transfer-in-i18n.ts); fetched only when Hindi is chosen. */
export default {
  title: 'शेयर ट्रांसफ़र इन',
  open: 'शेयर ट्रांसफ़र इन',
  intro:
    'किसी दूसरे ब्रोकर से शेयर ला रहे हैं? उस ब्रोकर की ट्रेडबुक (CSV) अपलोड करें। डिपॉज़िटरी के शेयर जमा करने पर हमारी ऑपरेशंस टीम ट्रांसफ़र की पुष्टि करती है और शेयर अपनी मूल ख़रीद तिथियों और लागत के साथ आते हैं, ताकि आपका टैक्स लाभ/हानि और रिटर्न पहले दिन से सही रहें।',
  format:
    'कॉलम (किसी भी क्रम, किसी भी केस में): symbol, isin, trade_date (YYYY-MM-DD), trade_type (buy या sell), quantity, price; exchange, segment, series, auction, trade_id, order_id और order_execution_time हों तो पढ़े जाते हैं। Zerodha Console की ट्रेडबुक में ये सब होते हैं।',
  file: 'ट्रेडबुक (CSV)',
  filePlaceholder: 'CSV फ़ाइल चुनें',
  submit: 'ट्रांसफ़र का अनुरोध करें',
  requested: 'ट्रांसफ़र का अनुरोध हो गया। पुष्टि होते ही हम आपको बताएँगे।',
  refused: 'फ़ाइल स्वीकार नहीं हुई; कुछ भी सहेजा नहीं गया।',
  requests: 'आपके ट्रांसफ़र अनुरोध',
  empty: 'अभी कोई ट्रांसफ़र अनुरोध नहीं।',
  requestedOn: 'अनुरोध {{when}}',
  decidedOn: 'निर्णय {{when}}',
  trades_one: '{{count}} ट्रेड पढ़ा गया',
  trades_other: '{{count}} ट्रेड पढ़े गए',
  reason: 'कारण: {{reason}}',
  lots: 'लॉट',
  stock: 'स्टॉक',
  boughtOn: 'ख़रीद की तिथि (IST)',
  quantity: 'मात्रा',
  cost: 'लागत',
  back: 'होल्डिंग्स पर वापस',
} satisfies TTranslation<typeof transferInEnUS>;
