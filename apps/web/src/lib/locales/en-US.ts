import { copiedMessage, multiImageHint } from '@sampada/shared';

/** Puts an i18next placeholder where the shared message takes a number. */
const placeholder = (name: string) => `{{${name}}}` as unknown as number;

/** Strings shared by the shell and the presentational components (en-US, the default). */
export const commonEnUS = {
  nav: {
    home: 'Home',
    market: 'Market',
    discover: 'Discover',
    portfolio: 'Portfolio',
    me: 'Me',
    summary: 'Summary',
    holding: 'Holdings',
    awaiting: 'Awaiting',
    history: 'History',
    profile: 'Profile',
    application: 'Applications',
    records: 'Fund Records',
    login: 'Sign in',
    kyc: 'Identity Verification',
    about: 'About Us',
    privacy: 'Privacy',
    cookie: 'Cookie Policy',
    notFound: 'Page Not Found',
    error: 'Connection Problem',
    mainNavigation: 'Main navigation',
  },
  confirm: { title: 'Confirm', confirm: 'Confirm', cancel: 'Cancel' },
  copy: { copy: 'Copy {{label}}', copied: copiedMessage('{{label}}'), done: 'Copied' },
  input: { clear: 'Clear' },
  imageViewer: {
    open: 'Open {{alt}}',
    zoomIn: 'Zoom in',
    zoomOut: 'Zoom out',
    reset: 'Reset zoom',
    close: 'Close',
    zoomLevel: 'Zoom {{percent}}%',
  },
  upload: {
    hint: multiImageHint(placeholder('max')),
    drop: 'Drag images here or click to choose',
    remove: 'Remove image {{index}}',
    limitReached: 'You can add at most {{max}} images.',
  },
  steps: { subLabel: 'Complete the steps to proceed', counter: 'Step {{current}} of {{total}}' },
  loading: 'Loading...',
  pageLoading: 'Page loading',
  close: 'Close',
  header: { openUserMenu: 'Open user menu', openNavigation: 'Open navigation' },
  routeError: {
    title: 'Something went wrong',
    text: 'This screen could not be shown. Reload the page to try again.',
    reload: 'Reload',
  },
  toggle: { on: 'On', off: 'Off' },
  funds: { deposit: 'Deposit', withdraw: 'Withdraw' },
  support: { title: 'Customer Service' },
};
