import { DEFAULT_LANGUAGE, i18n, registerTranslations } from '../../lib/i18n';

/* The server's menu titles by component key, so another language can name them. */
export const menuEnUS = {
  'news/list': 'News',
  'market/watchlist': 'Watchlist',
  'market/most-active': 'Most Active',
  'market/ranking': 'Ranking',
  'trading/all-deals': 'All Deals',
  'portfolio/investment-stats': 'Investment Stats',
  'portfolio/stock-stats': 'Stock Stats',
  'funds/bank-cards': 'Bank Cards',
  'funds/assets': 'Client Assets',
  'credit/products': 'Credit Products',
  'engagement/offers': 'Offers',
  'engagement/achievements': 'Achievements',
  'engagement/score-info': 'Score Info',
  'engagement/radar': 'Client Radar',
};
registerTranslations('menu', {
  'en-US': menuEnUS,
  'hi-IN': () => import('./menu-titles.hi-IN'),
});

/**
 * A menu entry's title: in English the server's own words (staff may rename an entry), in
 * another language the translation of the component's title when there is one.
 */
export const menuTitle = (component: string, serverTitle: string) =>
  i18n.language === DEFAULT_LANGUAGE
    ? serverTitle
    : i18n.t(`menu:${component}`, { defaultValue: serverTitle });
