import { PHONE_QUERY } from '../lib/use-is-phone';
import { MODAL_WIDTH, TOAST_DURATION_MS } from '@sampada/shared';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useMediaQuery } from '@mantine/hooks';
import { useEffect } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { useTranslation } from '../lib/i18n';
import { toast } from '../lib/notify';
import { takeFlash } from '../lib/session';
import { useAppName } from '../lib/system-settings';
import { NavigationProgress } from './navigation-progress';

interface TRouteHandle {
  title?: string;
  /** Menu titles come from the server as text, not as translation keys. */
  translate?: boolean;
}

/** Sets the page title to '{appName} | {route title}' (spec §2). */
function useDocumentTitle() {
  const { t } = useTranslation();
  const appName = useAppName();
  const matches = useMatches();
  const handle = [...matches]
    .reverse()
    .find((match) => (match.handle as TRouteHandle | undefined)?.title)?.handle as
    TRouteHandle | undefined;
  const title = handle?.title ? (handle.translate === false ? handle.title : t(handle.title)) : '';
  useEffect(() => {
    document.title = title ? `${appName} | ${title}` : appName;
  }, [appName, title]);
}

/** Shows the message a forced logout left for after the reload. */
function useFlash() {
  useEffect(() => {
    const flash = takeFlash();
    if (flash) toast({ type: flash.type, message: flash.message });
  }, []);
}

/** Modals opened through the manager sit 40 px from the top (spec §9). */
const MANAGER_GAP = 40;

/** Mobile under 768 px gets full-screen modals (spec §2). */
export const MOBILE_QUERY = PHONE_QUERY;

export function Root() {
  const { t } = useTranslation();
  const isMobile = useMediaQuery(MOBILE_QUERY, undefined, { getInitialValueInEffect: false });
  useDocumentTitle();
  useFlash();
  return (
    <ModalsProvider
      modalProps={{
        fullScreen: Boolean(isMobile),
        size: MODAL_WIDTH,
        yOffset: MANAGER_GAP,
        withCloseButton: true,
      }}
      labels={{ confirm: t('confirm.confirm'), cancel: t('confirm.cancel') }}
    >
      <Notifications
        position="top-right"
        autoClose={TOAST_DURATION_MS}
        pauseResetOnHover="notification"
      />
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </ModalsProvider>
  );
}
