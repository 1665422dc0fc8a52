import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';

/**
 * Renders inside the providers every page expects (modals and toasts included), with a fresh
 * query cache. With `path` the element mounts as that route (so it gets its params) and any
 * other address shows a marker with the pathname, for navigation assertions.
 */
export function renderWithProviders(
  ui: ReactNode,
  { route = '/', path }: { route?: string; path?: string } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <Notifications />
          <MemoryRouter initialEntries={[route]}>
            {path ? (
              <Routes>
                <Route path={path} element={ui} />
                <Route path="*" element={<LocationMarker />} />
              </Routes>
            ) : (
              ui
            )}
          </MemoryRouter>
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

function LocationMarker() {
  const { pathname, search } = useLocation();
  return <div data-testid="location">{pathname + search}</div>;
}
