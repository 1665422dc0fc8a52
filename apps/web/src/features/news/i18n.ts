import { featureTranslations } from '../../lib/i18n';

export const useNewsTranslation = featureTranslations(
  'news',
  {
    title: 'News',
    aboutSymbol: 'News about {{symbol}}',
    allNews: 'All news',
    loadMore: 'Load more',
    empty: 'No news yet. Market notes and headlines appear here as they are published.',
    emptyForSymbol: 'No news about {{symbol}} yet.',
    end: 'You have seen everything.',
    loadFailed: 'News could not be loaded.',
    retry: 'Try again',
    notFound: 'This article is not available. It may have been withdrawn.',
    readOriginal: 'Read the original at {{host}}',
    related: 'Related symbols',
    time: {
      justNow: 'just now',
    },
  },
  { 'hi-IN': () => import('./hi-IN') },
);
