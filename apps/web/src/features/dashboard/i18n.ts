import { featureTranslations } from '../../lib/i18n';

/** The dashboard namespace's strings: the spec's wording, and the shape of every translation. */
export const dashboardEnUS = {
  title: 'Home',
  greeting: 'Hello, {{name}}',
  assets: {
    title: 'Your assets',
    total: 'Total assets',
    available: 'Available cash',
    onHold: 'On hold',
    holdings: 'Holdings value',
    pnl: 'Unrealised P&L',
    unavailable: 'Asset figures are not available yet.',
    deposit: 'Add money',
  },
  steps: {
    title: 'Get started',
    intro: 'A few steps and you are ready to invest.',
    progress: '{{done}} of {{total}} done',
    bank: 'Add a bank account',
    bankHint: 'Withdrawals are paid to it.',
    pin: 'Set your PIN',
    pinHint: 'Every order, withdrawal and loan asks for it.',
    money: 'Add money',
    moneyHint: 'Deposit by IMPS, NEFT or UPI to start trading.',
    trade: 'Make your first trade',
    tradeHint: 'Find a stock in Market and choose Buy.',
    bankGo: 'Add',
    pinGo: 'Set',
    moneyGo: 'Deposit',
    tradeGo: 'Explore',
    done: 'Done',
  },
  nominees: {
    title: 'Add your nominees',
    body: 'Name up to 10 people to receive your shares and money, or sign a declaration that you choose not to. SEBI asks every investor for one or the other.',
    go: 'Go to Nominees',
  },
  watchlist: {
    title: 'Watchlist',
    empty: 'Nothing on your watchlist yet. Open a stock and choose Add to watchlist.',
  },
  movers: { title: 'Top movers' },
  headlines: {
    title: 'Latest headlines',
    empty: 'No news has been published yet.',
  },
};

export const useDashboardTranslation = featureTranslations('dashboard', dashboardEnUS, {
  'hi-IN': () => import('./hi-IN'),
});
