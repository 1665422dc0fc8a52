import type { TTranslation } from '../lib/i18n';
import type { sharedLabelsEnUS } from './shared-labels';
/** The shared label maps in Hindi (shared-labels.ts); fetched only when Hindi is chosen. */
export default {
  recordType: {
    deposit: 'जमा',
    withdrawal_hold: 'निकासी का अनुरोध',
    withdrawal_paid: 'निकासी का भुगतान',
    withdrawal_release: 'निकासी वापस',
    order_hold: 'ऑर्डर राशि होल्ड पर',
    order_release: 'ऑर्डर राशि मुक्त',
    trade_buy: 'शेयर खरीदे',
    trade_sell: 'शेयर बेचे',
    ipo_allotment: 'IPO आवंटन',
    loan_disbursal: 'ऋण वितरित',
    loan_repayment: 'ऋण चुकौती',
    compensation: 'मुआवज़े का भुगतान',
    bonus: 'बोनस',
    adjustment: 'समायोजन',
  },
  applicationKind: {
    kyc: 'KYC',
    loan: 'ऋण',
    compensation: 'मुआवज़ा',
    bonus: 'बोनस',
    deposit: 'जमा',
    withdrawal: 'निकासी',
  },
  compensationCategory: {
    service_failure: 'सेवा विफल',
    delayed_service: 'सेवा में देरी',
    trade_error: 'ट्रेड में त्रुटि',
    wrong_charge: 'गलत शुल्क लगाया गया',
    other: 'अन्य',
  },
  gttStatus: {
    active: 'सक्रिय',
    triggered: 'ट्रिगर हुआ',
    cancelled: 'हटाया गया',
    expired: 'समाप्त',
  },
  vipDiscount: 'VIP ब्रोकरेज छूट (ब्रोकरेज में शामिल)',
} satisfies TTranslation<typeof sharedLabelsEnUS>;
