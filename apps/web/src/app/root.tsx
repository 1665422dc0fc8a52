import { useNotifications } from '@mantine/notifications';
import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import { Outlet, ScrollRestoration, useMatches } from 'react-router';
import { modalsHost } from '../components/modals';
import { DEFAULT_LANGUAGE, looseKeys, useTranslation } from '../lib/i18n';
import { toast } from '../lib/notify';
import { takeFlash } from '../lib/session';
import { useAppName } from '../lib/system-settings';
import { NavigationProgress } from './navigation-progress';

interface TRouteHandle {
  title?: string;
  /** Menu titles come from the server as text, not as translation keys. */
  translate?: boolean;
  /** A menu route's component key, which names its title in other languages. */
  menu?: string;
}

/** Sets the page title to '{appName} | {route title}' (spec §2). */
function useDocumentTitle() {
  const { t, i18n } = useTranslation();
  const appName = useAppName();
  const matches = useMatches();
  const handle = [...matches]
    .reverse()
    .find((match) => (match.handle as TRouteHandle | undefined)?.title)?.handle as
    TRouteHandle | undefined;
  const title = !handle?.title
    ? ''
    : handle.menu && i18n.language !== DEFAULT_LANGUAGE
      ? // The menu's titles are registered with the layout (layout/menu-title.ts).
        t(`menu:${handle.menu}`, { defaultValue: handle.title })
      : handle.translate === false
        ? handle.title
        : // A route's handle is untyped router data: its title key falls back to itself.
          looseKeys(t)(handle.title);
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

// The modal and toast stacks are not on the first screen: each loads with its first use.
const ModalsHost = lazy(() => import('./modals-host'));
const Toasts = lazy(() => import('./toasts'));

/** True from the first toast on (the toast store holds it until the stack is there). */
function useToastsWanted() {
  const shown = useNotifications();
  const [wanted, setWanted] = useState(false);
  const any = shown.notifications.length + shown.queue.length > 0;
  useEffect(() => {
    if (any) setWanted(true);
  }, [any]);
  return wanted || any;
}

export function Root() {
  const modalsWanted = useSyncExternalStore(modalsHost.subscribe, modalsHost.wanted);
  const toastsWanted = useToastsWanted();
  useDocumentTitle();
  useFlash();
  return (
    <>
      {/* Two boundaries: one stack loading must not hide the other one. */}
      <Suspense fallback={null}>{modalsWanted && <ModalsHost />}</Suspense>
      <Suspense fallback={null}>{toastsWanted && <Toasts />}</Suspense>
      <NavigationProgress />
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
