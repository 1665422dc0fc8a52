import { featureTranslations } from '../../lib/i18n';

/** The returns namespace's strings: the spec's wording, and the shape of every translation. */
export const returnsEnUS = {
  period: 'Period',
  periods: {
    '3m': '3 months',
    '6m': '6 months',
    '1y': '1 year',
    '3y': '3 years',
    all: 'Since your first trade',
  },
  window: '{{from}} to {{to}} (days in IST)',
  asOf: 'Worked out {{time}} from your trades, dividends and each day’s closing prices.',
  yourXirr: 'Your return (XIRR)',
  benchmarkXirr: 'NIFTY 50 on the same money',
  perYear: 'a year',
  ahead: '{{points}} percentage points a year ahead of NIFTY 50',
  behind: '{{points}} percentage points a year behind NIFTY 50',
  level: 'Level with NIFTY 50',
  notComputable: 'Not worked out',
  value: 'Your holdings now',
  benchmarkValue: 'The same money in NIFTY 50 now',
  twr: 'Time-weighted return over the period',
  twrHint: 'How your picks did, leaving out when you added or took out money (not a yearly rate).',
  realised: 'Realised gains',
  unrealised: 'Unrealised gains',
  dividends: 'Dividends received',
  chart: 'Your portfolio against NIFTY 50',
  chartLabel:
    'Line chart from {{from}} to {{to}}: your portfolio went from {{startValue}} to {{endValue}}; the same money in NIFTY 50 would be {{endBenchmark}}; money put in, net, {{endInvested}}.',
  legend: {
    portfolio: 'Your portfolio',
    benchmark: 'NIFTY 50, same money',
    invested: 'Money put in, net',
  },
  noSeries: 'The chart appears after your first trading day.',
  explain: {
    title: 'What is XIRR?',
    what: 'XIRR is the yearly rate at which your money grew, counting when each rupee went in and came out. Every buy is money you put in, every sale and dividend is money you got back, and what you hold now counts as if sold at today’s price.',
    why: 'Because it counts time, ₹10,000 added last month weighs far less than ₹10,000 invested three years ago: it is the figure to compare with a fixed deposit’s interest rate.',
    benchmark:
      'The NIFTY 50 figure puts exactly the same amounts into the index on the same days, and takes them out when you did. If your XIRR is higher, your choices beat simply buying the index.',
    short:
      'Over a few weeks a yearly rate can look extreme: a 2% gain in a month is about 27% a year. Read short periods with care.',
    none: 'When all your money only went in (or only came out) there is no rate to work out, and we say so instead of showing a number.',
  },
  reasons: {
    tooFew: 'At least two amounts in and out are needed to work out a rate.',
    oneSign: 'Money only went in (or only came out) in this period, so there is no rate of return.',
    noRoot: 'No rate of return fits these amounts.',
  },
  holdings: 'Return of each stock',
  holdingsEmpty: 'No stocks traded in this period.',
  stock: 'Stock',
  valueNow: 'Value now',
  xirr: 'XIRR',
  dividendsTitle: 'Dividends received',
  dividendsNote:
    'The company pays dividends straight to your bank account, not through Sampada. TDS is what the company deducted under section 194.',
  dividendsEmpty: 'No dividends in this period.',
  paidOn: 'Paid on (IST)',
  shares: 'Shares',
  perShare: 'A share',
  gross: 'Gross',
  tds: 'TDS',
  net: 'Received',
  total: 'Total',
};

/**
 * /portfolio/returns: the client's true return (XIRR) against NIFTY 50 on the same money,
 * with what it means, and the dividends received. Hindi in returns.hi-IN.ts.
 */
export const useReturnsTranslation = featureTranslations('returns', returnsEnUS, {
  'hi-IN': () => import('./returns.hi-IN'),
});
