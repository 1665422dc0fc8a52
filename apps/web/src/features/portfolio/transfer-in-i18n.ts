import { featureTranslations } from '../../lib/i18n';

/** The transferIn namespace's strings: the spec's wording, and the shape of every translation. */
export const transferInEnUS = {
  title: 'Transfer shares in',
  open: 'Transfer shares in',
  intro:
    'Moving shares from another broker? Upload that broker’s tradebook (CSV). Once the depository credits the shares, our operations team confirms the transfer and the shares arrive with their original purchase dates and costs, so your tax P&L and returns are right from the first day.',
  format:
    'Columns (any order, any case): symbol, isin, trade_date (YYYY-MM-DD), trade_type (buy or sell), quantity, price; exchange, segment, series, auction, trade_id, order_id and order_execution_time are read when present. Zerodha Console’s tradebook has them all.',
  file: 'Tradebook (CSV)',
  filePlaceholder: 'Choose the CSV file',
  submit: 'Request transfer',
  requested: 'Transfer requested. We’ll tell you once it is confirmed.',
  refused: 'The file was not accepted; nothing was stored.',
  requests: 'Your transfer requests',
  empty: 'No transfer requests yet.',
  requestedOn: 'Requested {{when}}',
  decidedOn: 'Decided {{when}}',
  trades_one: '{{count}} trade read',
  trades_other: '{{count}} trades read',
  reason: 'Reason: {{reason}}',
  lots: 'Lots',
  stock: 'Stock',
  boughtOn: 'Bought on (IST)',
  quantity: 'Qty',
  cost: 'Cost',
  back: 'Back to Holdings',
};

/**
 * /portfolio/transfer-in: shares moved from another broker, with their original lots. Hindi in
 * transfer-in.hi-IN.ts.
 */
export const useTransferInTranslation = featureTranslations('transferIn', transferInEnUS, {
  'hi-IN': () => import('./transfer-in.hi-IN'),
});
