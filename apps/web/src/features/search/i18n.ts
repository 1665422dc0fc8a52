import { featureTranslations } from '../../lib/i18n';

export const useSearchTranslation = featureTranslations(
  'search',
  {
    title: 'Search stocks',
    open: 'Search stocks',
    clear: 'Clear search',
    results: 'Search results',
    shortcutHint: 'Press {{keys}} to search from anywhere',
  },
  { 'hi-IN': () => import('./hi-IN') },
);
