import { registerTranslations, useTranslation } from '../../lib/i18n';

const enUS = {
  title: 'Search stocks',
  open: 'Search stocks',
  clear: 'Clear search',
  results: 'Search results',
  shortcutHint: 'Press {{keys}} to search from anywhere',
};

registerTranslations('search', { 'en-US': enUS });

export const useSearchTranslation = () => useTranslation('search');
