import { featureTranslations } from '../../lib/i18n';

/** The news namespace's strings: the spec's wording, and the shape of every translation. */
export const newsEnUS = {
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
};

export const useNewsTranslation = featureTranslations('news', newsEnUS, {
  'hi-IN': () => import('./hi-IN'),
});
