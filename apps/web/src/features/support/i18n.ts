import { featureTranslations } from '../../lib/i18n';

/** The support namespace's strings: the spec's wording, and the shape of every translation. */
export const supportEnUS = {
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
  chatTitle: 'Chat with us',
  agent: '{{name}} from Customer Service',
  online: 'We are online · usually reply within {{minutes}} minutes',
  offline:
    'We are away. Office hours: {{days}}, {{open}}–{{close}} IST. We reply when we are back.',
  typing: '{{name}} is typing…',
  someone: 'An agent',
  empty: 'Ask us anything about your account. We reply here.',
  placeholder: 'Write a message',
  send: 'Send',
  attach: 'Attach an image',
  earlier: 'Earlier messages',
  sending: 'Waiting to send',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  closed: 'This conversation was closed. Write to open it again.',
  offlineNote: 'You are offline. Messages will be sent when you are back online.',
  imageOffline: 'Images can be sent once you are back online.',
  external: 'Loading the chat…',
  counter: '{{count}} / {{max}}',
  loadFailed: 'The chat could not be loaded. Please try again.',
  image: 'Image',
  otherWays: 'Other ways to reach us',
};

export const useSupportTranslation = featureTranslations('support', supportEnUS, {
  'hi-IN': () => import('./hi-IN'),
});
