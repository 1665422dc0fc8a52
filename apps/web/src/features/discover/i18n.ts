import { registerTranslations, useTranslation } from '../../lib/i18n';

const enUS = {
  title: 'Discover',
  intro:
    'News, company introductions and ideas published by the firm appear here as they are released.',
};

registerTranslations('discover', { 'en-US': enUS });

export const useDiscoverTranslation = () => useTranslation('discover');
