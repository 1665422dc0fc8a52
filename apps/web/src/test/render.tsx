import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications, notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import {
  Outlet,
  RouterProvider,
  createMemoryRouter,
  useLocation,
  type RouteObject,
} from 'react-router';
import { modalsHost } from '../components/modals';
import { queryClient } from '../lib/query-client';
import { SetPinHost } from '../app/drawers-host';
import { theme } from '../app/theme';

export interface TRenderOptions {
  /** The first URL of the memory router. */
  route?: string;
  /** Other routes to mount next to the tested element (for navigation assertions). */
  routes?: RouteObject[];
}

/**
 * Renders `ui` inside the app's providers: Mantine, query cache, modal stack, toasts, the
 * Set PIN flow the drawer host provides, and a memory router. The element mounts at `route` (default '/'); every other path renders a
 * marker with its pathname so tests can assert navigation.
 */
// The stack below is mounted with every render: modals open at once, as in the app once loaded.
modalsHost.mounted();

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', routes = [] }: TRenderOptions = {},
) {
  const path = route.split(/[?#]/)[0]!;
  const router = createMemoryRouter(
    [
      {
        element: (
          <ModalsProvider>
            <Notifications />
            <SetPinHost />
            <RouteOutlet />
          </ModalsProvider>
        ),
        children: [{ path, element: ui }, ...routes, { path: '*', element: <Location /> }],
      },
    ],
    { initialEntries: [route] },
  );
  const user = userEvent.setup({ applyAccept: false });
  const result = render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...result, router, user };
}

function RouteOutlet() {
  return <Outlet />;
}

function Location() {
  const { pathname, hash } = useLocation();
  return <div data-testid="location">{pathname + hash}</div>;
}

/** Clears shared state between tests. */
export function resetAppState() {
  queryClient.clear();
  notifications.clean();
}
