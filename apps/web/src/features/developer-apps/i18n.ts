import { featureTranslations } from '../../lib/i18n';
// The server's refusals for these forms, in the current language.
import './messages';

/** The developer-apps namespace's strings: the spec's wording, and the shape of every translation. */
export const developerAppsEnUS = {
  title: 'Developer apps',
  intro:
    'Let programs you run — scripts, spreadsheets, alert bridges — trade on your account through our trading API. Programs written for Kite Connect v3 clients work by changing their address.',
  create: 'Create app',
  limit: 'You have 5 apps, the most allowed. Delete one to create another.',
  empty: {
    title: 'No API apps yet',
    what: 'An API app is a key and a secret that one of your programs uses to sign in to your account and place orders for you. Each app may call only from the IP addresses you list, signing in asks for your password and your authenticator code (your PIN if two-step verification is off), and the access ends every morning at 6:00 am IST.',
    orders:
      'Orders an app places are ordinary orders on your account, with the same cash holds, charges and contract notes, and they show in Portfolio like any other.',
  },
  guide: {
    title: 'How programs connect',
    rest: 'REST root',
    login: 'Sign-in address',
    ticker: 'Ticker address',
    text: 'Give these to the official Kite Connect v3 client as its root address. Your redirect URL receives a request_token; your program exchanges it, with the api_key and the secret, for an access token.',
    reference: 'API reference',
    referenceHint: 'Every call, its fields and answers (opens in a new tab).',
  },
  form: {
    title: 'New API app',
    name: 'App name',
    nameHint: 'Shown on the sign-in consent and on the orders the app places.',
    redirect: 'Redirect URL',
    redirectHint: 'Where we send the browser with request_token after sign-in.',
    postback: 'Postback URL (optional)',
    postbackHint: 'We POST every status change of the app’s orders here.',
    ips: 'Allowed IP addresses',
    ipsHint: 'The app may call only from these (1 to 5, IPv4 or IPv6).',
    ip: 'IP address {{n}}',
    addIp: 'Add address',
    removeIp: 'Remove IP address {{n}}',
    pin: 'Enter your PIN to create the app',
    code: 'Authenticator code to create the app',
    submit: 'Create app',
    cancel: 'Cancel',
  },
  app: {
    apiKey: 'api_key',
    redirect: 'Redirect URL',
    postback: 'Postback URL',
    noPostback: 'None',
    ips: 'Allowed IPs',
    created: 'Created',
    enabled: 'Enabled',
    disabled: 'Disabled',
    disabledText:
      'Our staff disabled this app: its programs are refused until it is enabled again. Contact support to ask why.',
    rotate: 'Rotate secret',
    delete: 'Delete',
    log: 'Delivery log',
    hideLog: 'Hide delivery log',
  },
  secret: {
    title: 'Copy the secret now: it is not shown again',
    text: 'We keep the secret sealed and cannot show it to you again. If you lose it, rotate the secret and use the new one.',
    apiKey: 'api_key',
    apiSecret: 'api_secret',
    saved: 'I have copied the secret somewhere safe',
    done: 'Done',
  },
  rotate: {
    title: 'Rotate the secret of {{name}}',
    text: 'A new secret replaces the old one at once: programs that use the old secret cannot sign in again until you give them the new one.',
    pin: 'Enter your PIN to rotate the secret',
    code: 'Authenticator code to rotate the secret',
    submit: 'Rotate secret',
  },
  factor: {
    codeHint: 'The 6-digit code your authenticator app shows now, or one of your recovery codes.',
    enrolFirst:
      'Your broker requires two-step verification before you create or change an API app.',
    security: 'Turn it on in Me › Security',
  },
  remove: {
    title: 'Delete {{name}}',
    text: 'Delete {{name}}? Its programs are refused at once and its delivery log is deleted. This cannot be undone.',
    confirm: 'Delete',
  },
  toasts: {
    created: 'API app created. Copy the secret now: it is not shown again.',
    rotated: 'New secret issued. Copy it now: it is not shown again.',
    deleted: 'API app deleted.',
  },
  log: {
    title: 'Postback deliveries',
    noUrl: 'This app has no postback URL, so nothing is sent.',
    empty: 'No postbacks yet: one is sent for every status change of an order this app places.',
    time: 'Time',
    order: 'Order',
    event: 'Order status',
    filled: '{{count}} filled',
    delivery: 'Delivery',
    attempts: 'Attempts',
    error: 'Last error',
    queued: 'Will retry',
    sending: 'Sending',
    delivered: 'Delivered',
    failed: 'Gave up',
    more: 'Load more',
  },
};

export const useDeveloperAppsTranslation = featureTranslations(
  'developer-apps',
  developerAppsEnUS,
  { 'hi-IN': () => import('./hi-IN') },
);
