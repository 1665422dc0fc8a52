import { featureTranslations } from '../../lib/i18n';

export const useDashboardTranslation = featureTranslations(
  'dashboard',
  {
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
  },
  { 'hi-IN': () => import('./hi-IN') },
);
