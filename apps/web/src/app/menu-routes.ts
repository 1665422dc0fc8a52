import type { TMenuItem } from '@sampada/shared';
import type { ComponentType } from 'react';
import { redirect, type RouteObject } from 'react-router';
import { apiGet } from '../lib/api-client';
import { createStore, useStore } from '../lib/create-store';
import { onSessionEnd } from '../lib/session';

type TPageModule = Promise<{ default: ComponentType }>;

/**
 * Component keys the server's menu may name, each a lazily loaded page. A later release adds
 * a screen by adding its key here; items with unknown keys are skipped (docs/api-identity.md).
 */
export const MENU_COMPONENTS: Record<string, () => TPageModule> = {
  'funds/assets': () => import('../features/funds/components/assets-page'),
  'credit/products': () => import('../features/credit/components/credit-products-page'),
  'funds/bank-cards': () => import('../features/me/components/bank-cards'),
  'engagement/offers': () => import('../features/engagement/components/offers-page'),
  'engagement/score-info': () => import('../features/engagement/components/score-info-page'),
  'engagement/achievements': () => import('../features/engagement/components/achievements-page'),
  'engagement/radar': () => import('../features/engagement/components/radar-page'),
  'market/watchlist': () => import('../features/market/components/watchlist/watchlist-page'),
  'market/most-active': () => import('../features/market/components/most-active-page'),
  'market/ranking': () => import('../features/market/components/ranking-page'),
  'news/list': () => import('../features/news/components/news-list-page'),
  'trading/all-deals': () => import('../features/trading/components/all-deals-page'),
  'portfolio/investment-stats': () =>
    import('../features/portfolio/components/investment-stats-page'),
  'portfolio/stock-stats': () => import('../features/portfolio/components/stock-stats-page'),
};

export interface TMenuEntry {
  path: string;
  title: string;
  icon: string;
  component: string;
}

/** The menu entries that were mounted, for the sidebar. */
export const menuStore = createStore<TMenuEntry[]>([]);
export const useMenuEntries = () => useStore(menuStore);

const absolute = (parent: string, path: string) =>
  path.startsWith('/') ? path : `${parent.replace(/\/$/, '')}/${path}`;

/** Turns menu items into child routes of the layout, skipping unknown components. */
export function toRoutes(
  items: TMenuItem[],
  parent = '/',
): { routes: RouteObject[]; entries: TMenuEntry[] } {
  const routes: RouteObject[] = [];
  const entries: TMenuEntry[] = [];
  for (const item of items) {
    const load = MENU_COMPONENTS[item.component];
    const fullPath = absolute(parent, item.path);
    const nested = item.children?.length
      ? toRoutes(item.children, fullPath)
      : { routes: [], entries: [] };
    if (!load && nested.routes.length === 0) continue;
    const route: RouteObject = {
      id: `menu:${item.name}`,
      // Absolute paths: React Router accepts them at any depth under the layout.
      path: fullPath,
      handle: { title: item.meta.title, translate: false, menu: item.component },
      children: nested.routes.length
        ? [
            ...(item.redirect ? [{ index: true, loader: () => redirect(item.redirect!) }] : []),
            ...nested.routes,
          ]
        : undefined,
      lazy: load ? async () => ({ Component: (await load()).default }) : undefined,
    };
    routes.push(route);
    entries.push({
      path: fullPath,
      title: item.meta.title,
      icon: item.meta.icon,
      component: item.component,
    });
  }
  return { routes, entries };
}

type TPatch = (routeId: string, routes: RouteObject[]) => void;

let patcher: TPatch | null = null;
let loading: Promise<void> | null = null;

/** The router hands over its patchRoutes once created. */
export function setMenuPatcher(patch: TPatch) {
  patcher = patch;
}

/**
 * Fetches GET /auth/app/v1/menu once, on the first protected navigation, and mounts the
 * known items under the layout route (spec §2). A failure is only logged; the next
 * protected navigation tries again.
 */
export function ensureMenuRoutes(patch: TPatch | null = patcher): Promise<void> {
  if (!loading) {
    loading = apiGet<TMenuItem[]>('/auth/app/v1/menu', { silent: true })
      .then((items) => {
        const { routes, entries } = toRoutes(items ?? []);
        if (routes.length) (patch ?? patcher)?.('app', routes);
        menuStore.set(entries);
      })
      .catch((error: unknown) => {
        console.error('Menu could not be loaded', error);
        loading = null;
      });
  }
  return loading;
}

/** Forgets the menu: on logout, and between tests. */
export function resetMenuRoutes() {
  menuStore.set([]);
  loading = null;
}

onSessionEnd(resetMenuRoutes);
