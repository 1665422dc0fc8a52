import { featureTranslations } from '../../lib/i18n';

export const useCompensationTranslation = featureTranslations(
  'compensation',
  {
    title: 'Compensation Application',
    category: 'What is the claim about?',
    choose: 'Choose…',
    amount: 'Amount claimed',
    related: 'The order or transaction it concerns',
    relatedNone: 'None',
    description: 'What happened',
    evidence: 'Evidence images',
    submit: 'Submit claim',
    submitted: 'Claim submitted',
    reference: 'Your reference number: {{reference}}',
    due: 'A decision is due by {{date}}.',
    failed: 'The claim could not be submitted.',
    replyLabel: 'Your answer',
    reply: 'Send answer',
    withdraw: 'Withdraw claim',
    replyFailed: 'The answer could not be sent.',
  },
  { 'hi-IN': () => import('./hi-IN') },
);
