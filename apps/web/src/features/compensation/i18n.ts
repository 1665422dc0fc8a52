import { featureTranslations } from '../../lib/i18n';

/** The compensation namespace's strings: the spec's wording, and the shape of every translation. */
export const compensationEnUS = {
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
};

export const useCompensationTranslation = featureTranslations('compensation', compensationEnUS, {
  'hi-IN': () => import('./hi-IN'),
});
