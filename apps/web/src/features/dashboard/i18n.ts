import { registerTranslations, useTranslation } from '../../lib/i18n';

const enUS = {
  title: 'Home',
  greeting: 'Hello, {{name}}',
  verified: 'Your identity is verified and your account is open.',
  account: 'Your account',
  uid: 'UID',
  vip: 'VIP level',
  score: 'Trust score',
  trades: 'Trades placed',
  pin: 'Security PIN',
  pinSet: 'Set',
  pinMissing: 'Not set yet: open the menu under your avatar, then Security, then Set PIN.',
};

registerTranslations('dashboard', { 'en-US': enUS });

export const useDashboardTranslation = () => useTranslation('dashboard');
