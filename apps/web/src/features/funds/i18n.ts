import { registerTranslations, useTranslation } from '../../lib/i18n';

const enUS = {
  deposit: {
    title: 'Deposit',
    text: 'Deposits open in the app with the funding release. Until then your advisor or customer service can tell you how to add funds to your account.',
    minimum: 'Minimum deposit: {{amount}}',
    how: 'When it opens you will choose bank transfer (NEFT, RTGS, IMPS) or UPI, see the firm’s account details, and enter the transfer reference so operations can credit you.',
  },
  withdraw: {
    title: 'Withdraw',
    text: 'Withdrawals open in the app with the funding release. Until then your advisor or customer service can help you take money out.',
    minimum: 'Minimum withdrawal: {{amount}}',
    how: 'When it opens, money goes only to a verified bank account in your own name, and each withdrawal needs your 6-digit PIN.',
  },
};

registerTranslations('funds', { 'en-US': enUS });

export const useFundsTranslation = () => useTranslation('funds');
