import { APP_VERSION, DRAWER_VERSION, type TClientProfile } from '@sampada/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { hasSession } from '../lib/session';
import { queryClient } from '../lib/query-client';
import { authStorage } from '../lib/storage';
import { mockApi, ok } from '../test/http';
import { ensureMenuRoutes, resetMenuRoutes } from './menu-routes';
import { routes } from './router';
import { theme } from './theme';

const profile = {
  id: 'C1',
  name: 'Asha Rao',
  username: '+919876543210',
  account: 'A1',
  avatar: null,
  vip: 1,
  score: 40,
  order_num: 0,
  has_pin: false,
  kycStatus: 'approved',
} as unknown as TClientProfile;
const settings = {
  app_name: 'Sampada',
  regulatory_line: '',
  support: { phone: '', email: '', hours: '' },
};

function renderAt(path: string) {
  const router = createMemoryRouter(routes, {
    initialEntries: [path],
    async patchRoutesOnNavigation({ patch }) {
      if (hasSession()) await ensureMenuRoutes(patch);
    },
  });
  render(
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
  return router;
}

const signIn = () =>
  authStorage.set(
    {
      access_token: 'a',
      refresh_token: 'r',
      token_type: 'Bearer',
      expires_in: 1,
      refresh_expires_in: 1,
    },
    true,
  );

beforeEach(() => {
  queryClient.clear();
  resetMenuRoutes();
  vi.spyOn(console, 'error').mockImplementation(() => {});
  mockApi({
    'GET /system/app/v1/settings': ok(settings),
    'GET /auth/app/v1/client_info': ok(profile),
    'GET /auth/app/v1/menu': ok([
      {
        path: '/score-info',
        name: 'ScoreInfo',
        component: 'engagement/score-info',
        meta: { title: 'Score Info', icon: 'info-circle' },
      },
      {
        path: '/lucky-draw',
        name: 'LuckyDraw',
        component: 'engagement/lucky-draw',
        meta: { title: 'Lucky Draw', icon: 'award' },
      },
    ]),
  });
});

describe('router (spec §2)', () => {
  it('sends a signed-out visitor from / to /login', async () => {
    const router = renderAt('/');
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(document.title).toBe('Sampada | Sign in'));
  });

  it('shows a 404 for an unknown path', async () => {
    renderAt('/no-such-page');
    expect(await screen.findByText('Page not found')).toBeInTheDocument();
  });

  it('says credit is not available for the account, not "Page not found", when the menu has no credit', async () => {
    renderAt('/credit');
    expect(await screen.findByText('Not available for your account')).toBeInTheDocument();
    expect(screen.queryByText('Page not found')).toBeNull();
  });

  it('shows both version readings on /about with a Home button to /login', async () => {
    renderAt('/about');
    const versions = await screen.findByTestId('about-versions');
    expect(versions).toHaveTextContent(APP_VERSION);
    expect(versions).toHaveTextContent(DRAWER_VERSION);
    expect(screen.getAllByRole('link', { name: 'Home' })[0]).toHaveAttribute('href', '/login');
  });

  it('redirects / to /dashboard for an approved client and titles the page', async () => {
    signIn();
    const router = renderAt('/');
    expect(await screen.findByTestId('dashboard-page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    await waitFor(() => expect(document.title).toBe('Sampada | Home'));
  });

  it('redirects /portfolio to /portfolio/summary and /me to /me/profile keeping #bank-section', async () => {
    signIn();
    const router = renderAt('/portfolio');
    expect(await screen.findByTestId('portfolio-summary')).toBeInTheDocument();
    await router.navigate('/me#bank-section');
    expect(await screen.findByTestId('profile-page')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.hash).toBe(
      '/me/profile#bank-section',
    );
    expect(document.getElementById('bank-section')).toHaveTextContent('Bank Accounts');
  });

  it('mounts known menu routes, even on a deep link, and lists them in the sidebar', async () => {
    signIn();
    const router = renderAt('/score-info');
    expect(await screen.findByTestId('score-info-page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/score-info');
    await waitFor(() => expect(document.title).toBe('Sampada | Score Info'));
    expect(screen.getAllByRole('link', { name: 'Score Info' }).length).toBeGreaterThan(0);
    // A component this release does not know is skipped.
    expect(screen.queryByRole('link', { name: 'Lucky Draw' })).not.toBeInTheDocument();
  });

  it('shows how long to wait, not the crash screen, when the profile call answers 429', async () => {
    signIn();
    mockApi({
      'GET /system/app/v1/settings': ok(settings),
      'GET /auth/app/v1/client_info': {
        status: 429,
        headers: { 'retry-after': '42' },
        body: { code: 429, message: 'Too many requests.', data: null },
      },
    });
    renderAt('/dashboard');
    expect(
      await screen.findByRole('heading', { name: /^Too many requests — try again in \d+ s$/ }),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDisabled();
    expect(screen.queryByText('Something went wrong')).not.toBeInTheDocument();
  });
});
