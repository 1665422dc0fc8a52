import './mantine-app-styles';
import { SESSION_CHECK_MS } from '@sampada/shared';
import { AppShell, Center, Loader } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { UserDrawer } from '../../features/account/components/user-drawer';
import { AchievementToasts } from '../../features/engagement/components/achievement-toasts';
import { isKycApproved, profileQueryOptions } from '../../lib/auth';
import { useTranslation } from '../../lib/i18n';
import { useMountWhenOpened } from '../../lib/use-mount-when-opened';
import { DrawersHost } from '../drawers-host';
import { lastRoute } from '../guards';
import { PHONE_QUERY } from '../../lib/use-is-phone';
import { BottomTabs } from './bottom-tabs';
import { Header } from './header';
import { useAlertToasts, useNoticeToasts } from './notifications-bell';
import { Sidebar } from './sidebar';

/** Scrolls to the element named by the URL hash once the page has rendered (/me#bank-section). */
function useHashScroll() {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash) return;
    const id = decodeURIComponent(hash.slice(1));
    let tries = 0;
    const timer = setInterval(() => {
      const element = document.getElementById(id);
      if (element || ++tries > 40) {
        clearInterval(timer);
        element?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }
    }, 50);
    return () => clearInterval(timer);
  }, [hash, pathname]);
}

/** Re-verifies the session through the profile every 15 minutes (spec §4). */
function useSessionCheck() {
  const navigate = useNavigate();
  const { data } = useQuery({
    ...profileQueryOptions(),
    refetchInterval: SESSION_CHECK_MS,
    refetchIntervalInBackground: true,
  });
  useEffect(() => {
    if (data && !isKycApproved(data.kycStatus)) void navigate(paths.kyc, { replace: true });
  }, [data, navigate]);
}

/**
 * The shell's watchers — the session check, alert toasts, the hash scroll and the last route.
 * Each is a component of its own that renders nothing, so what it hears (a profile refetch,
 * the alerts' answer, a navigation) re-renders it alone rather than the shell and the page.
 */
function SessionCheck() {
  useSessionCheck();
  return null;
}

function AlertToasts() {
  useAlertToasts();
  useNoticeToasts();
  return null;
}

function RouteMemory() {
  const location = useLocation();
  useHashScroll();
  useEffect(
    () => lastRoute.set(location.pathname + location.search),
    [location.pathname, location.search],
  );
  return null;
}

/** The signed-in shell: header, sidebar (≥ 768 px) or bottom tabs (< 768 px), drawers. */
export function AppLayout() {
  const { t } = useTranslation();
  const isMobile = Boolean(
    useMediaQuery(PHONE_QUERY, undefined, { getInitialValueInEffect: false }),
  );
  const [drawerOpened, drawer] = useDisclosure(false);
  const userDrawer = useMountWhenOpened(drawerOpened);

  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{ width: 232, breakpoint: 'sm', collapsed: { mobile: true } }}
      footer={{ height: 64, collapsed: !isMobile }}
      padding="md"
    >
      <AppShell.Header>
        <Header onOpenUserDrawer={drawer.open} />
      </AppShell.Header>
      {!isMobile && (
        <AppShell.Navbar aria-label={t('nav.mainNavigation')}>
          <Sidebar />
        </AppShell.Navbar>
      )}
      <AppShell.Main>
        <Suspense
          fallback={
            <Center py="xl">
              <Loader />
            </Center>
          }
        >
          <Outlet />
        </Suspense>
      </AppShell.Main>
      {isMobile && (
        <AppShell.Footer>
          <BottomTabs />
        </AppShell.Footer>
      )}
      {userDrawer.mounted && (
        <UserDrawer opened={userDrawer.opened} onClose={drawer.close} fullWidth={isMobile} />
      )}
      <DrawersHost />
      <AchievementToasts />
      <SessionCheck />
      <AlertToasts />
      <RouteMemory />
    </AppShell>
  );
}
