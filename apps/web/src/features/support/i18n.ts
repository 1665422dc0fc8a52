import { featureTranslations } from '../../lib/i18n';

export const useSupportTranslation = featureTranslations('support', {
  intro:
    'Our client service team is here to help with your account, KYC, deposits and withdrawals.',
  phone: 'Phone',
  email: 'Email',
  hours: 'Hours',
  call: 'Call {{phone}}',
  write: 'Email {{email}}',
  failed: 'Customer service details could not be loaded. Please try again.',
  retry: 'Try again',
  unpublished:
    'The firm has not published its customer service contacts yet. Please ask your advisor.',
  uid: 'Quote your UID {{uid}} so we can find your account quickly.',
});
