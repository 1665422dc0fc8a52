/**
 * The first screens as static markup, rendered once at build time (scripts/vite-prerender.ts)
 * and written into the HTML the server answers for their paths. Until the entry has loaded
 * and the router has settled, the browser shows this instead of an empty page; the app's
 * first render then replaces it with the same screen (decision 005, third pass).
 *
 * Rendered for a visitor with nothing stored: English, the light scheme, the default app
 * name. The build's boot script (scripts/vite-prerender.ts) hides it before the first paint when the device says otherwise.
 */
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { LoginPage } from '../../features/auth/components/login-page';
import { cssVariablesResolver, theme } from '../theme';
import { AppShellSkeleton } from './app-shell-skeleton';

/** Marks the static markup, for the boot script's rule and the test that guards it. */
export const PRERENDER_ATTRIBUTE = 'data-prerendered';
/**
 * Marks a copy that greets the client by name: it shows only on a device that kept the name
 * (a returning, signed-in client), filled in by the boot script before the first paint.
 */
export const NEEDS_GREETING_ATTRIBUTE = 'data-prerender-greets';

/** The login page's clock would show the build's time: it stays blank until the app runs. */
const blankClock = (markup: string) =>
  markup.replace(/(<time[^>]*data-testid="live-clock"[^>]*>)[^<]*(<\/time>)/, '$1\u00a0$2');

function render(path: string, screen: ReactNode, { greets = false } = {}) {
  // A fresh, never-fetching cache: the static screen shows what it shows before any answer.
  const client = new QueryClient({ defaultOptions: { queries: { enabled: false } } });
  const markup = renderToString(
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      forceColorScheme="light"
    >
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          {/* Inert: a picture of the screen until the app takes over. Typing into it would be
              lost, and its form would submit as a plain GET with the password in the URL. */}
          <div
            {...{ [PRERENDER_ATTRIBUTE]: path, ...(greets && { [NEEDS_GREETING_ATTRIBUTE]: '' }) }}
            inert
          >
            {screen}
          </div>
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return blankClock(markup);
}

/** Path → the markup its HTML carries in #root (decision 005, third and fourth passes). */
export function prerenderScreens(): Record<string, string> {
  return {
    '/login': render('/login', <LoginPage />),
    '/dashboard': render('/dashboard', <AppShellSkeleton />, { greets: true }),
  };
}
