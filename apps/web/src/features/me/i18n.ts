import { registerTranslations, useTranslation } from '../../lib/i18n';

const enUS = {
  title: 'Me',
  tabs: { profile: 'Profile', application: 'Applications', records: 'Fund Records' },
  profile: {
    name: 'Name',
    mobile: 'Mobile',
    uid: 'UID',
    account: 'Account',
    vip: 'VIP level',
    score: 'Trust score',
    trades: 'Trades placed',
    kyc: 'KYC status',
    kycSubmitted: 'KYC submitted on',
    kycApproved: 'KYC approved on',
    pin: 'Security PIN',
    pinSet: 'Set',
    pinMissing: 'Not set',
    notSet: '—',
    showAssets: 'Show asset amounts',
    showAssetsHint:
      'Hide balances and values on screen, for example in public places. Kept on this device.',
    kycStatus: {
      unverified: 'Not verified',
      pending: 'Under review',
      approved: 'Approved',
      rejected: 'Rejected',
    },
  },
  application: {
    text: 'Your loan and compensation applications, with their status, are listed here once those services open in the app.',
  },
  records: {
    text: 'Every movement of money in your account (deposits, withdrawals, trades, charges) is listed here once funding opens in the app, with CSV and PDF statements.',
  },
  bank: {
    title: 'Bank Accounts',
    text: 'Withdrawals are paid only to a bank account in your own name. You will add and manage bank accounts here once funding opens in the app; changing them will need your PIN.',
  },
};

registerTranslations('me', { 'en-US': enUS });

export const useMeTranslation = () => useTranslation('me');
