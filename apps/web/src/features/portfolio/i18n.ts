import { registerTranslations, useTranslation } from '../../lib/i18n';

const enUS = {
  title: 'Portfolio',
  tabs: { summary: 'Summary', holding: 'Holdings', awaiting: 'Awaiting', history: 'History' },
  summary: {
    trades: 'Trades placed',
    text: 'Your investment value, profit and loss and monthly statistics are shown here once trading opens in the app.',
  },
  holding: {
    text: 'Shares you hold, with quantity, average cost and profit and loss, are listed here once trading opens in the app.',
  },
  awaiting: {
    text: 'Orders waiting to be filled or allocated are listed here once trading opens in the app; you can cancel them while they wait.',
  },
  history: {
    text: 'Every order you place, filled, cancelled or rejected, is listed here once trading opens in the app.',
  },
};

registerTranslations('portfolio', { 'en-US': enUS });

export const usePortfolioTranslation = () => useTranslation('portfolio');
