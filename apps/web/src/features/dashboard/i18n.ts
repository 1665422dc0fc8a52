import { registerTranslations, useTranslation } from '../../lib/i18n';

const enUS = {
  title: 'Home',
  greeting: 'Hello, {{name}}',
  assets: {
    title: 'Your assets',
    total: 'Total assets',
    available: 'Available cash',
    onHold: 'On hold',
    holdings: 'Holdings value',
    pnl: 'Unrealised P&L',
    hide: 'Hide amounts',
    show: 'Show amounts',
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
};

registerTranslations('dashboard', { 'en-US': enUS });

export const useDashboardTranslation = () => useTranslation('dashboard');
