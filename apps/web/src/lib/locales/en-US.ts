import { copiedMessage, multiImageHint } from '@sampada/shared';

/** Puts an i18next placeholder where the shared message takes a number. */
const placeholder = (name: string) => `{{${name}}}` as unknown as number;

/** Strings shared by the shell and the presentational components (en-US, the default). */
export const commonEnUS = {
  nav: {
    home: 'Home',
    market: 'Market',
    discover: 'Discover',
    company: 'Company',
    portfolio: 'Portfolio',
    me: 'Me',
    summary: 'Summary',
    holding: 'Holdings',
    awaiting: 'Awaiting',
    history: 'History',
    profile: 'Profile',
    application: 'Applications',
    records: 'Fund Records',
    security: 'Security',
    developerApps: 'Developer apps',
    more: 'More',
    moreScreens: 'More screens',
    noMoreScreens: 'No other screens.',
    loan: 'Loan',
    login: 'Sign in',
    kyc: 'Identity Verification',
    about: 'About Us',
    privacy: 'Privacy',
    cookie: 'Cookie Policy',
    investorCharter: 'Investor Charter',
    nominees: 'Nominees',
    grievances: 'Complaints',
    notFound: 'Page Not Found',
    error: 'Connection Problem',
    mainNavigation: 'Main navigation',
    news: 'News',
    gtt: 'GTT',
    returns: 'Returns',
    tax: 'Tax P&L',
    transferIn: 'Transfer shares in',
  },
  confirm: { title: 'Confirm', confirm: 'Confirm', cancel: 'Cancel' },
  copy: { copy: 'Copy {{label}}', copied: copiedMessage('{{label}}'), done: 'Copied' },
  input: { clear: 'Clear' },
  pin: { label: 'PIN', invalid: 'Enter your 6-digit PIN.', set: 'Set PIN' },
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
    retry: 'Try again',
  },
  toggle: { on: 'On', off: 'Off' },
  amounts: { hide: 'Hide amounts', show: 'Show amounts' },
  funds: { deposit: 'Deposit', withdraw: 'Withdraw' },
  trading: {
    institutional: 'Institutional Stock',
    otc: 'OTC Trading',
    ipo: 'IPO',
    order: 'Order · {{symbol}}',
  },
  support: { title: 'Customer Service' },
  credit: { loanApplication: 'Loan Application' },
  compensation: { application: 'Compensation Application' },
  quote: {
    up: 'Up',
    down: 'Down',
    flat: 'Unchanged',
    open: 'Open {{name}}',
    loadFailed: 'This could not be loaded right now.',
    retry: 'Try again',
    seeAll: 'See all',
    indices: 'Indices',
    indicesLabel: 'Market indices',
    rankings: {
      gainers: 'Gainers',
      losers: 'Losers',
      week52_high: '52W high',
      week52_low: '52W low',
    },
    rankingEmpty: 'No stocks to rank yet.',
    high52: '52W high {{price}}',
    low52: '52W low {{price}}',
  },
  alerts: {
    set: 'Set alert',
    title: 'Price alert · {{symbol}}',
    direction: 'Notify me when the price is',
    above: 'At or above',
    below: 'At or below',
    price: 'Alert price (₹)',
    lastPrice: 'Last price {{price}}',
    submit: 'Set alert',
    created: 'Alert set: {{symbol}} {{direction}} {{price}}.',
    firedTitle: 'Price alert',
    notifications: 'Notifications',
    openNotifications: 'Notifications, {{count}} unread',
    empty: 'No notifications yet. Set a price alert on a stock to hear when it moves.',
    markRead: 'Mark all as read',
    active: 'My alerts',
    noActive: 'No active alerts.',
    cancel: 'Cancel alert {{symbol}} {{direction}} {{price}}',
    summary: '{{direction}} {{price}}',
  },
  notices: {
    title: 'Update',
    deposit: {
      confirm: 'Your deposit was credited to your account.',
      reject: 'Your deposit was rejected. Open it to see why.',
    },
    withdrawal: {
      pay: 'Your withdrawal was paid to your bank account.',
      reject: 'Your withdrawal was rejected and the amount returned to you.',
    },
    order: {
      fill: 'Your order was filled.',
      fill_partially: 'Your order was partly filled.',
      reject: 'Your order was rejected.',
      expire: 'Your order expired unfilled.',
    },
    gtt: {
      trigger: 'Your GTT triggered and placed its order.',
      expire: 'Your GTT expired.',
    },
    loan: {
      approve: 'Your loan was approved.',
      reject: 'Your loan application was rejected.',
      disburse: 'Your loan was disbursed to your account.',
      close: 'Your loan is closed.',
      foreclose: 'Your loan was foreclosed and is closed.',
      due_reminder:
        'An instalment of your loan is due in 3 days; it will be collected from your cash that day.',
      auto_debit_failed:
        'Auto-debit of your loan fell short. Add funds and repay to avoid penal charges.',
      penal_charge: 'A penal charge was added to your loan for an overdue instalment.',
      margin_call: 'Margin call on your loan: add shares or repay before the deadline.',
      invoke_pledge: 'Pledged shares were sold to restore your loan’s limit.',
      pledge_sale: 'The sale of your pledged shares settled and was applied to your loan.',
      rate_reset: 'Your loan’s floating rate was reset.',
    },
    compensation: {
      ask_info: 'Your claim needs more information from you.',
      approve: 'Your claim was approved.',
      partly_approve: 'Your claim was partly approved.',
      reject: 'Your claim was rejected.',
      pay: 'Your claim was paid.',
    },
    kyc: {
      approve: 'Your KYC was approved. You can now add money and trade.',
      reject: 'Your KYC was rejected. Open it to see why and submit again.',
    },
    support: {
      reply: 'Customer service replied to your message.',
    },
    offer: {
      claim: 'Your bonus was credited to your cash.',
    },
    transfer_in: {
      confirm: 'Your shares transferred in have arrived in your holdings.',
      reject: 'Your share transfer was rejected.',
    },
  },
  /** A notice's sentence with its step's figures (decision 056); `notices` where it has none. */
  noticeDetails: {
    reason: 'Reason: {{reason}}',
    /** A withdrawal's account when its notice does not name it (written before it did). */
    yourAccount: 'your bank account',
    deposit: {
      confirm: '{{amount}} added to your funds.',
      reject: 'Your deposit of {{amount}} was rejected.',
    },
    withdrawal: {
      pay: '{{amount}} sent to {{account}}.',
      reject: 'Your withdrawal of {{amount}} was rejected and the amount returned to you.',
    },
    order: {
      fill: {
        buy: 'Bought {{quantity}} {{symbol}} at {{price}}.',
        sell: 'Sold {{quantity}} {{symbol}} at {{price}}.',
        ipo_one:
          'IPO allotment: the 1 lot of {{symbol}} you applied for was allotted, {{shares}} shares at {{price}}.',
        ipo_other:
          'IPO allotment: all {{applied}} lots of {{symbol}} allotted, {{shares}} shares at {{price}}.',
      },
      fill_partially: {
        buy: 'Bought {{filled}} of {{quantity}} {{symbol}} at {{price}}; the rest did not fill.',
        sell: 'Sold {{filled}} of {{quantity}} {{symbol}} at {{price}}; the rest did not fill.',
        ipo: 'IPO allotment: {{allotted}} of {{applied}} lots of {{symbol}} allotted, {{shares}} shares at {{price}}; {{refund}} of the blocked amount released to your cash.',
      },
      reject: {
        buy: 'Your order to buy {{quantity}} {{symbol}} was rejected.',
        sell: 'Your order to sell {{quantity}} {{symbol}} was rejected.',
        ipo: 'IPO: no lots of {{symbol}} were allotted to you; the blocked {{refund}} is released to your cash.',
      },
      expire: {
        buy: 'Your order to buy {{quantity}} {{symbol}} expired unfilled.',
        sell: 'Your order to sell {{quantity}} {{symbol}} expired unfilled.',
      },
    },
    gtt: {
      trigger: {
        buy: 'Your GTT triggered and placed an order to buy {{quantity}} {{symbol}}.',
        sell: 'Your GTT triggered and placed an order to sell {{quantity}} {{symbol}}.',
      },
      expire: {
        buy: 'Your GTT to buy {{quantity}} {{symbol}} expired.',
        sell: 'Your GTT to sell {{quantity}} {{symbol}} expired.',
      },
    },
    loan: {
      approve: 'Your loan of {{amount}} was approved.',
      reject: 'Your loan application for {{amount}} was rejected.',
      disburse: 'Your loan of {{amount}} was disbursed to your account.',
      close: 'Your loan of {{amount}} is closed.',
      foreclose: 'Your loan of {{amount}} was foreclosed and is closed.',
      due_reminder:
        'Loan instalment of {{amount}} due on {{date}} (IST); it will be collected from your cash that day.',
      auto_debit_failed:
        'Auto-debit of your loan fell short by {{amount}}. Add funds and repay to avoid penal charges.',
      penal_charge:
        'A penal charge of {{amount}} was added to your loan for an overdue instalment.',
      margin_call: 'Margin call on your loan: repay {{amount}} or add shares by {{date}} (IST).',
      invoke_pledge:
        'Selling {{sold}} of your pledged shares at market to recover {{amount}} of your loan.',
      pledge_sale: {
        sold: 'Sold {{quantity}} {{symbol}} for {{proceeds}}; {{repaid}} repaid on your loan.',
        // Nothing repaid (the loan had closed meanwhile): the money stayed with the client.
        kept: 'Sold {{quantity}} {{symbol}} for {{proceeds}}; the proceeds were added to your cash.',
        unsold:
          'None of the {{planned}} pledged {{symbol}} put up for sale were sold; nothing was repaid on your loan.',
      },
      rate_reset:
        'Your loan’s rate was reset from {{oldRate}} to {{newRate}} a year: instalment {{oldEmi}} → {{newEmi}}, instalments left {{oldCount}} → {{newCount}}.',
    },
    compensation: {
      ask_info: 'Your claim for {{amount}} needs more information from you.',
      approve: 'Compensation of {{amount}} approved.',
      partly_approve: 'Compensation of {{amount}} approved, part of what you claimed.',
      reject: 'Your claim for {{amount}} was rejected.',
      pay: 'Compensation of {{amount}} paid.',
    },
    offer: {
      claim: 'Bonus of {{amount}} credited to your cash.',
    },
  },
  preferences: {
    title: 'Display',
    language: 'Language',
    theme: 'Theme',
    themeAuto: 'System',
    themeLight: 'Light',
    themeDark: 'Dark',
    numbers: 'Large numbers',
    numbersIntl: '1.913B',
    numbersIndian: '191.29 Cr',
  },
  company: {
    title: 'About {{name}}',
    founded: 'Founded',
    headquarters: 'Headquarters',
    website: 'Website',
    sector: 'Sector',
    industry: 'Industry',
    isin: 'ISIN',
    video: 'Company video',
    videoTitle: '{{name}}: company video',
  },
};
