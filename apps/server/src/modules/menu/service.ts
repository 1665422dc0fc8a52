/**
 * The client's server-side menu (spec §2): routes mounted under the layout after sign-in.
 * Items may require a capability flag; the client app skips components it does not know.
 */
import { asc, count } from 'drizzle-orm';
import type { TClientProfile, TMenuItem, TMenuItemInput } from '@sampada/shared';
import type { Actor } from '../../platform/audit.ts';
import type { Db } from '../../db/client.ts';
import { listEntries, replaceMenu } from './menu-entries.ts';
import { menuItems } from './tables.ts';

type Capability = 'allow_loan' | 'allow_bonus' | 'allow_compensation';
type Seed = Omit<TMenuItem, 'children'> & { requires?: Capability };

/** The default menu: the "other views" of spec §2 that live outside the five tabs. */
export const DEFAULT_MENU: Seed[] = [
  { path: '/news', name: 'News', component: 'news/list', meta: { title: 'News', icon: 'news' } },
  {
    path: '/watchlist',
    name: 'Watchlist',
    component: 'market/watchlist',
    meta: { title: 'Watchlist', icon: 'star' },
  },
  {
    path: '/market/most-active',
    name: 'MostActive',
    component: 'market/most-active',
    meta: { title: 'Most Active', icon: 'flame' },
  },
  {
    path: '/market/ranking',
    name: 'Ranking',
    component: 'market/ranking',
    meta: { title: 'Ranking', icon: 'trophy' },
  },
  {
    path: '/deals',
    name: 'AllDeals',
    component: 'trading/all-deals',
    meta: { title: 'All Deals', icon: 'briefcase' },
  },
  {
    path: '/portfolio/stats/investment',
    name: 'InvestmentStats',
    component: 'portfolio/investment-stats',
    meta: { title: 'Investment Stats', icon: 'chart-line' },
  },
  {
    path: '/portfolio/stats/stocks',
    name: 'StockStats',
    component: 'portfolio/stock-stats',
    meta: { title: 'Stock Stats', icon: 'chart-pie' },
  },
  {
    path: '/me/bank-cards',
    name: 'BankCards',
    component: 'funds/bank-cards',
    meta: { title: 'Bank Cards', icon: 'building-bank' },
  },
  {
    path: '/me/assets',
    name: 'ClientAssets',
    component: 'funds/assets',
    meta: { title: 'Client Assets', icon: 'wallet' },
  },
  {
    path: '/credit',
    name: 'CreditProducts',
    component: 'credit/products',
    meta: { title: 'Credit Products', icon: 'credit-card' },
    requires: 'allow_loan',
  },
  {
    path: '/offers',
    name: 'Offers',
    component: 'engagement/offers',
    meta: { title: 'Offers', icon: 'gift' },
    requires: 'allow_bonus',
  },
  {
    path: '/achievements',
    name: 'Achievements',
    component: 'engagement/achievements',
    meta: { title: 'Achievements', icon: 'award' },
  },
  {
    path: '/score-info',
    name: 'ScoreInfo',
    component: 'engagement/score-info',
    meta: { title: 'Score Info', icon: 'info-circle' },
  },
  {
    path: '/radar',
    name: 'ClientRadar',
    component: 'engagement/radar',
    meta: { title: 'Client Radar', icon: 'radar' },
  },
];

export function createMenuService(db: Db) {
  return {
    async seedDefaults() {
      const [row] = await db.select({ n: count() }).from(menuItems);
      if ((row?.n ?? 0) > 0) return;
      await db.insert(menuItems).values(
        DEFAULT_MENU.map((item, position) => ({
          position,
          path: item.path,
          name: item.name,
          component: item.component,
          redirect: item.redirect ?? null,
          title: item.meta.title,
          icon: item.meta.icon,
          requires: item.requires ?? null,
        })),
      );
    },

    /** Every item in order, enabled or not, for the console's editor. */
    listEntries: () => listEntries(db),

    /** Replaces the whole (flat) menu in the given order; the old and new menus are audited. */
    replaceMenu: (items: TMenuItemInput[], actor: Actor) => replaceMenu(db, items, actor),

    /**
     * The client's menu. An item needing a flag shows with the flag on, or when `alsoFor` says
     * the client needs it anyway: a borrower whose allow_loan was turned off keeps Credit,
     * where their loans are listed (the flag stops new borrowing only, never servicing).
     */
    async menuFor(
      profile: TClientProfile,
      alsoFor: Partial<Record<Capability, boolean>> = {},
    ): Promise<TMenuItem[]> {
      const rows = await db.select().from(menuItems).orderBy(asc(menuItems.position));
      const visible = rows.filter((r) => {
        if (!r.enabled) return false;
        if (!r.requires) return true;
        const flag = r.requires as Capability;
        return profile[flag] === true || alsoFor[flag] === true;
      });
      const toItem = (r: (typeof rows)[number]): TMenuItem => {
        const children = visible.filter((c) => c.parentId === r.id).map(toItem);
        return {
          path: r.path,
          name: r.name,
          component: r.component,
          ...(r.redirect ? { redirect: r.redirect } : {}),
          meta: { title: r.title, icon: r.icon },
          ...(children.length ? { children } : {}),
        };
      };
      return visible.filter((r) => !r.parentId).map(toItem);
    },
  };
}
export type MenuService = ReturnType<typeof createMenuService>;
