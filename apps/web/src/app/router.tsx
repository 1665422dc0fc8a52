import {
  Navigate,
  createBrowserRouter,
  redirect,
  useLocation,
  type RouteObject,
} from 'react-router';
import { paths } from '../config/paths';
import { OfflinePage } from '../features/static-pages/components/offline-page';
import { closeAllModals } from '../components/modals';
import { setOfflineHandler } from '../lib/api-client';
import { closeGlobalDrawer } from '../lib/drawers';
import { hasSession } from '../lib/session';
import { kycLoader, loginLoader, protectedLoader } from './guards';
import { ensureMenuRoutes, setMenuPatcher } from './menu-routes';
import { Root } from './root';
import { RouteError } from './route-error';
import { PageLoader } from './page-loader';

/** Keeps the hash when /me redirects to /me/profile, so /me#bank-section still scrolls. */
function MeIndex() {
  const { hash } = useLocation();
  return <Navigate to={{ pathname: paths.me.profile, hash }} replace />;
}

/** A lazily loaded route page: the module is fetched on first navigation to the route. */
const page =
  <T,>(load: () => Promise<T>, name: keyof T) =>
  async () => ({ Component: (await load())[name] as React.ComponentType });

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: Root,
    ErrorBoundary: RouteError,
    HydrateFallback: PageLoader,
    children: [
      {
        path: paths.login,
        loader: loginLoader,
        handle: { title: 'nav.login' },
        lazy: page(() => import('../features/auth/components/login-page'), 'LoginPage'),
      },
      {
        path: paths.kyc,
        loader: kycLoader,
        handle: { title: 'nav.kyc' },
        lazy: page(() => import('../features/kyc/components/kyc-page'), 'KycPage'),
      },
      {
        path: paths.about,
        handle: { title: 'nav.about' },
        lazy: page(() => import('../features/static-pages/components/about-page'), 'AboutPage'),
      },
      {
        path: paths.privacy,
        handle: { title: 'nav.privacy' },
        lazy: page(() => import('../features/static-pages/components/privacy-page'), 'PrivacyPage'),
      },
      {
        path: paths.cookie,
        handle: { title: 'nav.cookie' },
        lazy: page(() => import('../features/static-pages/components/cookie-page'), 'CookiePage'),
      },
      {
        path: paths.investorCharter,
        handle: { title: 'nav.investorCharter' },
        lazy: page(
          () => import('../features/me/duties/components/investor-charter-page'),
          'InvestorCharterPage',
        ),
      },
      { path: paths.error, handle: { title: 'nav.error' }, Component: OfflinePage },
      {
        id: 'app',
        path: paths.root,
        loader: protectedLoader,
        shouldRevalidate: () => false,
        lazy: page(() => import('./layout/app-layout'), 'AppLayout'),
        children: [
          { index: true, loader: () => redirect(paths.dashboard) },
          {
            path: paths.dashboard,
            handle: { title: 'nav.home' },
            lazy: page(
              () => import('../features/dashboard/components/dashboard-page'),
              'DashboardPage',
            ),
          },
          {
            path: paths.market,
            handle: { title: 'nav.market' },
            lazy: page(() => import('../features/market/components/market-page'), 'MarketPage'),
          },
          {
            path: paths.discover,
            handle: { title: 'nav.discover' },
            lazy: page(
              () => import('../features/discover/components/discover-page'),
              'DiscoverPage',
            ),
          },
          {
            path: paths.companyPattern,
            handle: { title: 'nav.company' },
            lazy: page(() => import('../features/discover/components/company-page'), 'CompanyPage'),
          },
          // An article opened from News; the menu mounts /news itself, this page is not in it.
          {
            path: paths.newsArticlePattern,
            handle: { title: 'nav.news' },
            lazy: page(
              () => import('../features/news/components/news-article-page'),
              'NewsArticlePage',
            ),
          },
          {
            path: paths.loanPattern,
            handle: { title: 'nav.loan' },
            lazy: page(() => import('../features/credit/components/loan-page'), 'LoanPage'),
          },
          {
            path: paths.portfolio.root,
            handle: { title: 'nav.portfolio' },
            lazy: page(
              () => import('../features/portfolio/components/portfolio-layout'),
              'PortfolioLayout',
            ),
            children: [
              { index: true, loader: () => redirect(paths.portfolio.summary) },
              {
                path: 'summary',
                handle: { title: 'nav.summary' },
                lazy: page(
                  () => import('../features/portfolio/components/summary-page'),
                  'SummaryPage',
                ),
              },
              {
                path: 'holding',
                handle: { title: 'nav.holding' },
                lazy: page(
                  () => import('../features/portfolio/components/holding-page'),
                  'HoldingPage',
                ),
              },
              {
                path: 'awaiting',
                handle: { title: 'nav.awaiting' },
                lazy: page(
                  () => import('../features/portfolio/components/awaiting-page'),
                  'AwaitingPage',
                ),
              },
              {
                path: 'history',
                handle: { title: 'nav.history' },
                lazy: page(
                  () => import('../features/portfolio/components/history-page'),
                  'HistoryPage',
                ),
              },
              {
                path: 'returns',
                handle: { title: 'nav.returns' },
                lazy: page(
                  () => import('../features/portfolio/components/returns-page'),
                  'ReturnsPage',
                ),
              },
              {
                path: 'holding/transfer-in',
                handle: { title: 'nav.transferIn' },
                lazy: page(
                  () => import('../features/portfolio/components/transfer-in-page'),
                  'TransferInPage',
                ),
              },
              {
                path: 'gtt',
                handle: { title: 'nav.gtt' },
                lazy: page(() => import('../features/portfolio/components/gtt-page'), 'GttPage'),
              },
              {
                path: 'tax',
                handle: { title: 'nav.tax' },
                lazy: page(
                  () => import('../features/portfolio/components/tax-pnl-page'),
                  'TaxPnlPage',
                ),
              },
            ],
          },
          {
            path: paths.me.root,
            handle: { title: 'nav.me' },
            lazy: page(() => import('../features/me/components/me-layout'), 'MeLayout'),
            children: [
              { index: true, Component: MeIndex },
              {
                path: 'profile',
                handle: { title: 'nav.profile' },
                lazy: async () => {
                  const module = await import('../features/me/components/profile-page');
                  return { Component: module.ProfilePage, loader: module.profilePageLoader };
                },
              },
              {
                path: 'application',
                handle: { title: 'nav.application' },
                lazy: page(
                  () => import('../features/me/components/application-page'),
                  'ApplicationPage',
                ),
              },
              {
                path: 'records',
                handle: { title: 'nav.records' },
                lazy: page(() => import('../features/me/components/records-page'), 'RecordsPage'),
              },
              {
                path: 'nominees',
                handle: { title: 'nav.nominees' },
                lazy: page(
                  () => import('../features/me/duties/components/nominees-page'),
                  'NomineesPage',
                ),
              },
              {
                path: 'grievances',
                handle: { title: 'nav.grievances' },
                lazy: page(
                  () => import('../features/me/duties/components/grievances-page'),
                  'GrievancesPage',
                ),
              },
              {
                path: 'security',
                handle: { title: 'nav.security' },
                lazy: page(
                  () => import('../features/security/components/security-page'),
                  'SecurityPage',
                ),
              },
              {
                path: 'apps',
                handle: { title: 'nav.developerApps' },
                lazy: page(
                  () => import('../features/developer-apps/components/developer-apps-page'),
                  'DeveloperAppsPage',
                ),
              },
              {
                path: 'more',
                handle: { title: 'nav.more' },
                lazy: page(() => import('./layout/more-page'), 'MorePage'),
              },
            ],
          },
        ],
      },
      {
        path: '*',
        handle: { title: 'nav.notFound' },
        lazy: page(
          () => import('../features/static-pages/components/not-found-page'),
          'NotFoundPage',
        ),
      },
    ],
  },
];

export type TAppRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The app's router. Created by main.tsx, not when this module is evaluated: the router's first
 * lazy route adds a preload link for every chunk its page imports that has none yet, so on a
 * first screen it waits for the build's route-preload to have put in its own, a few at a time
 * (route-preload-signal.ts), instead of adding ~80 in the entry's long evaluation task.
 */
export function createAppRouter(): TAppRouter {
  const router = createBrowserRouter(routes, {
    /** Deep links to menu routes: fetch the menu before matching falls back to the 404. */
    async patchRoutesOnNavigation({ patch }) {
      if (hasSession()) await ensureMenuRoutes(patch);
    },
  });
  setMenuPatcher((routeId, children) => router.patchRoutes(routeId, children));
  setOfflineHandler(() => {
    // /error replaces whatever was open: modals live above the routes and would stay.
    closeAllModals();
    void closeGlobalDrawer();
    void router.navigate(paths.error);
  });
  return router;
}
