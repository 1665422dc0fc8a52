import { featureTranslations } from '../../lib/i18n';
// Their spec messages (form checks, refusals, toasts) in the current language.
import '../../lib/spec-messages';

export const useFundsTranslation = featureTranslations(
  'funds',
  {
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
      invested: 'Invested value',
      loan: 'Loan balance (owed)',
      noHoldings: 'No holdings yet.',
    },
  },
  { 'hi-IN': () => import('./hi-IN') },
);
