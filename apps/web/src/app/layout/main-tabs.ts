import {
  IconChartLine,
  IconCompass,
  IconHome,
  IconUser,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import { paths } from '../../config/paths';
import type { TCommonKey } from '../../lib/i18n';

export interface TMainTab {
  to: string;
  /** Every path that belongs to the tab, for the active state. */
  match: string;
  label: TCommonKey;
  icon: Icon;
}

/** The five main tabs (spec §2): bottom bar on mobile, sidebar on desktop. */
export const MAIN_TABS: TMainTab[] = [
  { to: paths.dashboard, match: paths.dashboard, label: 'nav.home', icon: IconHome },
  { to: paths.market, match: paths.market, label: 'nav.market', icon: IconChartLine },
  { to: paths.discover, match: paths.discover, label: 'nav.discover', icon: IconCompass },
  {
    to: paths.portfolio.root,
    match: paths.portfolio.root,
    label: 'nav.portfolio',
    icon: IconWallet,
  },
  { to: paths.me.root, match: paths.me.root, label: 'nav.me', icon: IconUser },
];

export const isTabActive = (pathname: string, match: string) =>
  pathname === match || pathname.startsWith(`${match}/`);

/**
 * Of several items, the one the page belongs to: the longest path that holds it, so that
 * /market/most-active lights Most Active and not Market as well (issue 31).
 */
export const activeItem = (pathname: string, paths: string[]) =>
  paths
    .filter((path) => isTabActive(pathname, path))
    .reduce<string | undefined>(
      (best, path) => (best && best.length >= path.length ? best : path),
      undefined,
    );
