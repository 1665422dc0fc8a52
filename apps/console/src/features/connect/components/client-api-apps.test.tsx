import { CONNECT_CONSOLE_DONE, type TApiApp } from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { cleanNotifications, signInAs } from '../../../test/session';
import { ClientApiApps } from './client-api-apps';

afterEach(() => {
  session.clear();
  cleanNotifications();
});

const CLIENT_ID = '0c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5';
const app: TApiApp = {
  id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  api_key: 'k3y0000000000001',
  name: 'Alerts bridge',
  redirect_url: 'https://bridge.example/callback',
  postback_url: 'https://bridge.example/postback',
  allowed_ips: ['203.0.113.7', '2001:db8::1'],
  disabled: false,
  created_at: '2026-11-20T10:00:00.000Z',
};

describe('ClientApiApps', () => {
  it('operations disable an app after a confirmation and see the result', async () => {
    signInAs(['operations']);
    const api = mockApi({
      [`GET /clients/${CLIENT_ID}/api-apps`]: ok([app]),
      [`POST /api-apps/${app.id}/disabled`]: ok(
        { ...app, disabled: true },
        CONNECT_CONSOLE_DONE.changed,
      ),
    });
    renderWithProviders(<ClientApiApps clientId={CLIENT_ID} />);
    const row = await screen.findByTestId('client-api-app');
    expect(row).toHaveTextContent('k3y0000000000001');
    expect(row).toHaveTextContent('203.0.113.7, 2001:db8::1');
    expect(within(row).getByTestId('api-app-state')).toHaveTextContent('Enabled');

    await userEvent.click(within(row).getByRole('button', { name: 'Disable Alerts bridge' }));
    await userEvent.click(await screen.findByTestId('api-app-confirm'));
    expect(await screen.findByText(CONNECT_CONSOLE_DONE.changed)).toBeInTheDocument();
    expect(within(row).getByTestId('api-app-state')).toHaveTextContent('Disabled');
    expect(api.callsTo(`POST /api-apps/${app.id}/disabled`)[0]!.body).toEqual({ disabled: true });
    expect(within(row).getByRole('button', { name: 'Enable Alerts bridge' })).toBeInTheDocument();
  });

  it('support see the apps but cannot switch them; a session without client orders sees nothing', async () => {
    signInAs(['support']);
    mockApi({ [`GET /clients/${CLIENT_ID}/api-apps`]: ok([{ ...app, disabled: true }]) });
    const { unmount } = renderWithProviders(<ClientApiApps clientId={CLIENT_ID} />);
    const row = await screen.findByTestId('client-api-app');
    expect(within(row).getByTestId('api-app-state')).toHaveTextContent('Disabled');
    expect(within(row).queryByRole('button')).toBeNull();
    unmount();

    signInAs([]);
    const api = mockApi({});
    const { container } = renderWithProviders(<ClientApiApps clientId={CLIENT_ID} />);
    expect(container.querySelector('[data-testid="client-api-apps"]')).toBeNull();
    expect(api.calls).toHaveLength(0);
  });
});
