import { featureTranslations } from '../../lib/i18n';

/** The discover namespace's strings: the spec's wording, and the shape of every translation. */
export const discoverEnUS = {
  title: 'Discover',
  intro: 'Ideas curated by the firm, with live prices, and the companies behind them.',
  themes: 'Themes',
  themesEmpty: 'No themes have been published yet.',
  themeChange: 'Theme today',
  about: 'About {{symbol}}',
  companies: 'Company profiles',
  showAll: 'Show all {{count}}',
  showFewer: 'Show fewer',
  scoreTitle: 'Your trust score',
  scoreText: 'How your score and VIP level are worked out, and how to raise them.',
  scoreLink: 'Read about scores',
  company: {
    back: 'Back to Discover',
    notFound: 'This company has no introduction yet.',
    openDetail: 'Price and chart',
  },
};

export const useDiscoverTranslation = featureTranslations('discover', discoverEnUS, {
  'hi-IN': () => import('./hi-IN'),
});
