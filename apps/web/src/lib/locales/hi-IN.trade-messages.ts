import type { TTranslation } from '../i18n';
import type { tradeMessagesEnUS } from '../spec-messages';
import {
  formatPaise,
  IPO_RETAIL_CAP_PAISE,
  MAX_ORDER_QUANTITY,
  MIN_TRADE_PAISE,
  formatCount,
} from '@sampada/shared';

/** The trading screens' spec messages in Hindi (lib/spec-messages.ts); fetched only in Hindi. */
export default {
  quantityRequired: 'मात्रा दर्ज करें।',
  quantityInvalid: 'मात्रा शेयरों की पूर्ण संख्या होनी चाहिए।',
  quantityTooLarge: `मात्रा ${formatCount(MAX_ORDER_QUANTITY)} से अधिक नहीं हो सकती।`,
  lotsRequired: 'लॉट की संख्या दर्ज करें।',
  lotsInvalid: 'लॉट की पूर्ण संख्या में बोली लगाएँ, कम से कम 1।',
  belowMinimum: `न्यूनतम ऑर्डर मूल्य ${formatPaise(MIN_TRADE_PAISE)} है।`,
  aboveRetailCap: `खुदरा IPO बोली ${formatPaise(IPO_RETAIL_CAP_PAISE)} से अधिक नहीं हो सकती। कम लॉट की बोली लगाएँ।`,
  priceRequired: 'लिमिट भाव दर्ज करें।',
  priceInvalid: 'भाव रुपयों में दर्ज करें, अधिकतम 2 दशमलव तक।',
  triggerRequired: 'ट्रिगर भाव दर्ज करें।',
  sellLimitAboveTrigger: 'सेल स्टॉप-लॉस में लिमिट भाव ट्रिगर भाव के बराबर या उससे कम होना चाहिए।',
  buyLimitBelowTrigger: 'बाय स्टॉप-लॉस में लिमिट भाव ट्रिगर भाव के बराबर या उससे अधिक होना चाहिए।',
  offeringRequired: 'एक ऑफ़रिंग चुनें।',
  offeringNotFound: 'यह ऑफ़रिंग नहीं मिली।',
  offeringClosed: 'यह ऑफ़रिंग बंद है।',
  beyondOffering: 'मात्रा इस ऑफ़रिंग में शेष मात्रा से अधिक है।',
  alreadyApplied: 'आप इस IPO में पहले ही आवेदन कर चुके हैं। फिर से बोली लगाने के लिए वह आवेदन रद्द करें।',
  insufficientCash: 'आपका उपलब्ध नकद इस ऑर्डर और इसके शुल्कों के लिए पर्याप्त नहीं है।',
  insufficientHolding:
    'आप जितने शेयर रखते हैं और जो पहले से बिक्री या गिरवी के लिए नहीं रखे गए, उससे अधिक नहीं बेच सकते।',
  setPinToTrade: 'ट्रेड करने से पहले पिन सेट करें।',
  kycRequired: 'ट्रेड करने से पहले KYC सत्यापन पूरा करें।',
  symbolRequired: 'स्टॉक सिंबल दर्ज करें।',
  symbolUnknown: 'यह स्टॉक यहाँ ट्रेड नहीं होता।',
  orderPlaced: 'ऑर्डर लगाया गया।',
  requestPlaced: 'अनुरोध भेजा गया। डेस्क के आवंटन तक राशि होल्ड पर रहेगी।',
  takePlaced: 'लिया गया। डेस्क कोट की वैधता के भीतर पुष्टि करेगा।',
  bidPlaced: 'बोली लगाई गई। आवंटन तक राशि ब्लॉक रहेगी।',
  orderCancelled: 'ऑर्डर रद्द किया गया। होल्ड पर रखी राशि फिर से उपलब्ध है।',
  orderModified: 'ऑर्डर बदला गया।',
  gttCreated: 'GTT बनाया गया। ट्रिगर होने तक कोई नकद होल्ड नहीं होता।',
  gttEdited: 'GTT अपडेट किया गया।',
  gttDeleted: 'GTT हटाया गया।',
} satisfies TTranslation<typeof tradeMessagesEnUS>;
