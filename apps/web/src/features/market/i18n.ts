import { registerTranslations, useTranslation } from '../../lib/i18n';

const enUS = {
  title: 'Market',
  intro: 'Indian equities: the indices below, sector heat map, most active shares and rankings.',
  indices: 'Indices we follow',
  feed: 'Live prices appear here once the market-data feed is connected to your account.',
  filters: 'Instruments: stocks, OTC block trades and IPOs.',
};

registerTranslations('market', { 'en-US': enUS });

export const useMarketTranslation = () => useTranslation('market');
