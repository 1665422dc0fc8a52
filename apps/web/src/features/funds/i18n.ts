import { featureTranslations } from '../../lib/i18n';
// Their spec messages (form checks, refusals, toasts) in the current language.
import '../../lib/spec-messages';

/** The funds namespace's strings: the spec's wording, and the shape of every translation. */
export const fundsEnUS = {
  deposit: {
    title: 'Deposit',
    amount: 'Amount',
    minimum: 'Minimum deposit: {{amount}}',
    method: 'How you paid',
    payTo: 'Transfer to the firm’s account',
    accountName: 'Account name',
    accountNumber: 'Account number',
    ifsc: 'IFSC',
    bank: 'Bank',
    branch: 'Branch',
    upiId: 'UPI ID',
    utr: 'UTR / reference number',
    utrHint: 'NEFT and RTGS: the 12 to 22 character UTR from your bank.',
    rrnHint: 'IMPS and UPI: the 12-digit reference number.',
    receipt: 'Receipt image (optional)',
    receiptPlaceholder: 'Choose an image',
    uploading: 'Uploading…',
    uploaded: 'Receipt uploaded.',
    submit: 'Submit deposit',
    another: 'Make another deposit',
    recent: 'Recent deposits',
    none: 'No deposits yet.',
  },
  withdraw: {
    title: 'Withdraw',
    available: 'Available balance',
    amount: 'Amount',
    minimum: 'Minimum withdrawal: {{amount}}',
    toAccount: 'To bank account',
    noCards: 'Add a bank account in your own name first.',
    addCard: 'Go to Bank Accounts',
    submit: 'Withdraw',
    recent: 'Recent withdrawals',
  },
  assets: {
    title: 'Client Assets',
    total: 'Total assets',
    available: 'Cash available',
    onHold: 'On hold',
    holdings: 'Holdings value',
    loan: 'Loan balance (owed)',
    noHoldings: 'No holdings yet.',
  },
  money: {
    title: 'Where is my money',
    asOf: 'Every rupee we hold for you, as of {{when}}.',
    inBalance: 'Your cash with us',
    part: {
      free: 'Idle balance',
      unsettled_sales: 'Sale proceeds not yet settled (T+1)',
      loan_dues: 'Loan dues now',
      open_orders: 'On hold for open orders',
      pending_withdrawals: 'On hold for withdrawals',
      other_holds: 'Other holds',
    },
    hint: {
      free: 'Needed by no order or due: a settlement would pay this to your bank account.',
      unsettled_sales:
        'Credited to you; the exchange pays them on the next trading day, so a settlement keeps them until then.',
      loan_dues: 'Instalments and charges due or overdue; the auto-debit takes them.',
      open_orders: 'Held for buy orders and IPO bids not yet filled.',
      pending_withdrawals: 'You asked for them; not yet paid to your bank.',
      other_holds: 'On hold for a reason not listed here. Ask support.',
    },
    total: 'Cash with us',
    notInBalance: 'On the way',
    pendingDeposits: 'Deposits awaiting confirmation',
    pendingDepositsHint: 'Not in your cash until we match them with the bank.',
    dueIn: 'Settlement due in (T+1)',
    dueInHint:
      'Sales since {{date}}: already in your cash; the exchange pays us on the next trading day.',
    dueOut: 'Settlement due out (T+1)',
    dueOutHint:
      'Buys since {{date}}: already taken from your cash; we pay the exchange on the next trading day.',
    next: 'Next settlement: {{date}} ({{cycle}})',
    payoutNow: 'If it ran now, we would pay {{amount}} to your primary bank account.',
  },
  settlement: {
    title: 'Running-account settlement',
    explain:
      'On each settlement date we pay your idle balance to your primary bank account, keeping what your open orders and dues need.',
    cycle: 'Settlement cycle',
    quarterly: 'Quarterly',
    monthly: 'Monthly',
    next: 'Next settlement: {{date}}',
    saveFailed: 'Your settlement preference could not be saved.',
    none: 'No settlements yet.',
    of: 'Settlement of {{date}}',
    balance: 'Balance with us: {{amount}}',
    kept: {
      open_orders: 'On hold for your open orders',
      pending_withdrawals: 'On hold for your pending withdrawals',
      loan_dues: 'Loan dues now',
      unsettled_sales: 'Sale proceeds settling after the date (T+1)',
    },
    paid: 'Paid {{amount}} to {{account}}',
    status: {
      paid: 'Paid',
      nothing: 'Nothing idle to pay',
      no_bank_account: 'Not paid: add a bank account',
      pending: 'Pending',
    },
    at: 'Settled {{when}} IST',
  },
};

export const useFundsTranslation = featureTranslations('funds', fundsEnUS, {
  'hi-IN': () => import('./hi-IN'),
});
