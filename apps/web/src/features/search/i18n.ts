import { featureTranslations } from '../../lib/i18n';

/** The search namespace's strings: the spec's wording, and the shape of every translation. */
export const searchEnUS = {
  title: 'Search stocks',
  open: 'Search stocks',
  clear: 'Clear search',
  results: 'Search results',
  shortcutHint: 'Press {{keys}} to search from anywhere',
};

export const useSearchTranslation = featureTranslations('search', searchEnUS, {
  'hi-IN': () => import('./hi-IN'),
});
