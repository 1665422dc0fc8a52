import {
  ConnectMessage,
  md5,
  TwoFactorMessage,
  type TTotpStatus,
  type TApiApp,
  type TApiAppPostbacksPage,
  type TApiAppWithSecret,
} from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import type { UserEvent } from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { signInForTest } from '../../../test/session';
import { DeveloperAppsPage } from './developer-apps-page';

const BASE = '/client/app/v1/api-apps';

const app: TApiApp = {
  id: '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b',
  api_key: 'k3y0000000000001',
  name: 'Alerts bridge',
  redirect_url: 'https://bridge.example/callback',
  postback_url: null,
  allowed_ips: ['203.0.113.7', '2001:db8::1'],
  disabled: false,
  created_at: '2026-11-20T10:00:00.000Z',
};
const withSecret = (secret: string): TApiAppWithSecret => ({ ...app, api_secret: secret });

/** The client's 2FA as Me › Security reads it: off unless the scenario turns it on. */
const TOTP = '/client/app/v1/totp';
const totp = (patch: Partial<TTotpStatus> = {}): TTotpStatus => ({
  enabled: false,
  required: false,
  recovery_codes_left: 0,
  reset_at: null,
  ...patch,
});

async function typePin(user: UserEvent, testId: string) {
  await user.click(screen.getByTestId(testId).querySelector('input')!);
  await user.keyboard('482137');
}

beforeEach(() => {
  resetAppState();
  signInForTest();
});

describe('Me › Developer apps', () => {
  it('explains what an API app is when there is none, with the addresses to use', async () => {
    mockApi({ [`GET ${BASE}`]: ok([]), [`GET ${TOTP}`]: ok(totp()) });
    renderWithProviders(<DeveloperAppsPage />);
    const empty = await screen.findByTestId('api-apps-empty');
    expect(empty).toHaveTextContent('No API apps yet');
    expect(empty).toHaveTextContent('only from the IP addresses you list');
    expect(screen.getByText(`${window.location.origin}/connect`)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /API reference/ })).toHaveAttribute('href', '/docs');
  });

  it('creates an app with the PIN and shows the secret once, until the reader has copied it', async () => {
    const { callsTo } = mockApi({
      [`GET ${BASE}`]: ok([]),
      [`GET ${TOTP}`]: ok(totp()),
      [`POST ${BASE}`]: [fail(400, ConnectMessage.ipInvalid), ok(withSecret('s3cret'))],
    });
    const { user } = renderWithProviders(<DeveloperAppsPage />);
    await user.click(await screen.findByRole('button', { name: 'Create app' }));
    const form = screen.getByRole('form', { name: 'New API app' });

    // The shared schema's checks run before anything is sent.
    await user.type(within(form).getByLabelText(/App name/), 'Alerts bridge');
    await user.type(within(form).getByLabelText(/Redirect URL/), 'ftp://bridge');
    await user.type(within(form).getByLabelText('IP address 1'), '300.1.1.1');
    await user.click(within(form).getByRole('button', { name: 'Create app' }));
    expect(await within(form).findByText(ConnectMessage.urlInvalid)).toBeInTheDocument();
    expect(within(form).getByText(ConnectMessage.ipInvalid)).toBeInTheDocument();
    expect(within(form).getByText('Enter your 6-digit PIN.')).toBeInTheDocument();
    expect(callsTo(`POST ${BASE}`)).toHaveLength(0);

    await user.clear(within(form).getByLabelText(/Redirect URL/));
    await user.type(
      within(form).getByLabelText(/Redirect URL/),
      ' https://bridge.example/callback ',
    );
    await user.clear(within(form).getByLabelText('IP address 1'));
    await user.type(within(form).getByLabelText('IP address 1'), '203.0.113.7');
    await user.click(within(form).getByRole('button', { name: 'Add address' }));
    await user.type(within(form).getByLabelText('IP address 2'), '2001:db8::1');
    await typePin(user, 'api-app-pin');
    await user.click(within(form).getByRole('button', { name: 'Create app' }));
    // The server's refusal shows under the form, and the PIN is asked again.
    expect(await within(form).findByRole('alert')).toHaveTextContent(ConnectMessage.ipInvalid);
    await typePin(user, 'api-app-pin');
    await user.click(within(form).getByRole('button', { name: 'Create app' }));

    const reveal = await screen.findByTestId('api-secret-reveal');
    expect(callsTo(`POST ${BASE}`)[1]!.body).toEqual({
      name: 'Alerts bridge',
      redirect_url: 'https://bridge.example/callback',
      postback_url: null,
      allowed_ips: ['203.0.113.7', '2001:db8::1'],
      pin: md5('482137'),
    });
    expect(reveal).toHaveTextContent('it is not shown again');
    expect(within(reveal).getByTestId('revealed-api-secret')).toHaveTextContent('s3cret');
    expect(within(reveal).getByTestId('revealed-api-key')).toHaveTextContent(app.api_key);
    const done = within(reveal).getByRole('button', { name: 'Done' });
    expect(done).toBeDisabled();
    await user.click(within(reveal).getByLabelText('I have copied the secret somewhere safe'));
    await user.click(done);
    expect(screen.queryByTestId('api-secret-reveal')).toBeNull();
    expect(screen.queryByText('s3cret')).toBeNull();
    // The app stays listed (without its secret).
    expect(screen.getByRole('article', { name: 'Alerts bridge' })).toHaveTextContent(app.api_key);
  });

  it('rotates the secret with the PIN and deletes an app after a confirmation', async () => {
    const { callsTo } = mockApi({
      [`GET ${BASE}`]: [ok([app]), ok([])],
      [`GET ${TOTP}`]: ok(totp()),
      [`POST ${BASE}/${app.id}/rotate-secret`]: ok(withSecret('n3wsecret')),
      [`DELETE ${BASE}/${app.id}`]: ok(null),
    });
    const { user } = renderWithProviders(<DeveloperAppsPage />);
    const card = await screen.findByRole('article', { name: 'Alerts bridge' });
    expect(card).toHaveTextContent('203.0.113.7, 2001:db8::1');
    expect(card).toHaveTextContent(/20 Nov 2026, \d{1,2}:\d{2} [ap]m [A-Z]{2,4}/);

    await user.click(within(card).getByRole('button', { name: 'Rotate secret: Alerts bridge' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Rotate the secret of Alerts bridge',
    });
    await typePin(user, 'rotate-pin');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect(await within(card).findByTestId('revealed-api-secret')).toHaveTextContent('n3wsecret');
    expect(callsTo(`POST ${BASE}/${app.id}/rotate-secret`)[0]!.body).toEqual({
      pin: md5('482137'),
    });

    await user.click(within(card).getByRole('button', { name: 'Delete: Alerts bridge' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete Alerts bridge' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('API app deleted.')).toBeInTheDocument();
    expect(await screen.findByTestId('api-apps-empty')).toBeInTheDocument();
    expect(callsTo(`DELETE ${BASE}/${app.id}`)).toHaveLength(1);
  });

  it('with 2FA on, creating and rotating ask the authenticator code instead of the PIN', async () => {
    const { callsTo } = mockApi({
      [`GET ${BASE}`]: ok([app]),
      [`GET ${TOTP}`]: ok(totp({ enabled: true, recovery_codes_left: 10 })),
      [`POST ${BASE}`]: ok({ ...withSecret('s3cret'), id: 'second', name: 'Sheet' }),
      [`POST ${BASE}/${app.id}/rotate-secret`]: [
        fail(400, TwoFactorMessage.badCode),
        ok(withSecret('n3wsecret')),
      ],
    });
    const { user } = renderWithProviders(<DeveloperAppsPage />);
    await user.click(await screen.findByRole('button', { name: 'Create app' }));
    const form = screen.getByRole('form', { name: 'New API app' });
    const code = await within(form).findByRole('textbox', {
      name: /Authenticator code to create the app/,
    });
    expect(screen.queryByTestId('api-app-pin')).toBeNull();
    expect(within(form).getByText(/or one of your recovery codes/)).toBeInTheDocument();
    await user.type(within(form).getByLabelText(/App name/), 'Sheet');
    await user.type(within(form).getByLabelText(/Redirect URL/), 'https://sheet.example/cb');
    await user.type(within(form).getByLabelText('IP address 1'), '198.51.100.4');
    await user.click(within(form).getByRole('button', { name: 'Create app' }));
    expect(await within(form).findByText(TwoFactorMessage.codeRequired)).toBeInTheDocument();
    expect(callsTo(`POST ${BASE}`)).toHaveLength(0);
    await user.type(code, ' 123456 ');
    await user.click(within(form).getByRole('button', { name: 'Create app' }));
    await screen.findByTestId('api-secret-reveal');
    expect(callsTo(`POST ${BASE}`)[0]!.body).toEqual({
      name: 'Sheet',
      redirect_url: 'https://sheet.example/cb',
      postback_url: null,
      allowed_ips: ['198.51.100.4'],
      totp_code: '123456',
    });

    const card = screen.getByRole('article', { name: 'Alerts bridge' });
    await user.click(within(card).getByRole('button', { name: 'Rotate secret: Alerts bridge' }));
    const dialog = await screen.findByRole('dialog', {
      name: 'Rotate the secret of Alerts bridge',
    });
    const rotateCode = within(dialog).getByRole('textbox', {
      name: /Authenticator code to rotate the secret/,
    });
    await user.type(rotateCode, '654321');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    // A used or wrong code: the refusal under the field, which is cleared for the next code.
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(TwoFactorMessage.badCode);
    expect(rotateCode).toHaveValue('');
    await user.type(rotateCode, 'abcd-efgh');
    await user.click(within(dialog).getByRole('button', { name: 'Rotate secret' }));
    expect(await within(card).findByTestId('revealed-api-secret')).toHaveTextContent('n3wsecret');
    expect(callsTo(`POST ${BASE}/${app.id}/rotate-secret`).map((c) => c.body)).toEqual([
      { totp_code: '654321' },
      { totp_code: 'abcd-efgh' },
    ]);
  });

  it('when the firm requires 2FA and it is off, the form sends the client to Security instead', async () => {
    const { callsTo } = mockApi({
      [`GET ${BASE}`]: ok([]),
      [`GET ${TOTP}`]: ok(totp({ required: true })),
    });
    const { user } = renderWithProviders(<DeveloperAppsPage />);
    await user.click(await screen.findByRole('button', { name: 'Create app' }));
    const form = screen.getByRole('form', { name: 'New API app' });
    const notice = await within(form).findByTestId('api-app-enrol-first');
    expect(notice).toHaveTextContent('requires two-step verification');
    expect(within(notice).getByRole('link', { name: /Me › Security/ })).toHaveAttribute(
      'href',
      '/me/security',
    );
    expect(screen.queryByTestId('api-app-pin')).toBeNull();
    expect(within(form).getByRole('button', { name: 'Create app' })).toBeDisabled();
    expect(callsTo(`POST ${BASE}`)).toHaveLength(0);
  });

  it('says when staff disabled an app, and shows its postback deliveries in pages', async () => {
    const postback = (id: string, status: 'delivered' | 'failed') => ({
      id,
      order_id: 'a1b2c3d4-0000-4000-8000-000000000001',
      tradingsymbol: 'INFY',
      order_status: 'COMPLETE',
      filled_quantity: 15,
      status,
      attempts: status === 'failed' ? 9 : 1,
      last_error: status === 'failed' ? 'HTTP 503' : null,
      created_at: '2026-11-21T04:00:00.000Z',
      delivered_at: null,
    });
    const first: TApiAppPostbacksPage = { items: [postback('p1', 'failed')], next_cursor: 'c1' };
    const second: TApiAppPostbacksPage = {
      items: [postback('p2', 'delivered')],
      next_cursor: null,
    };
    const { callsTo } = mockApi({
      [`GET ${BASE}`]: ok([{ ...app, disabled: true, postback_url: 'https://bridge.example/pb' }]),
      [`GET ${BASE}/${app.id}/postbacks`]: [ok(first), ok(second)],
    });
    const { user } = renderWithProviders(<DeveloperAppsPage />);
    const card = await screen.findByRole('article', { name: 'Alerts bridge' });
    expect(within(card).getByTestId('api-app-state')).toHaveTextContent('Disabled');
    expect(within(card).getByTestId('api-app-disabled')).toHaveTextContent('Our staff disabled');

    await user.click(within(card).getByRole('button', { name: 'Delivery log' }));
    const rows = await within(card).findAllByTestId('postback-row');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toHaveTextContent('INFY');
    expect(rows[0]).toHaveTextContent('COMPLETE · 15 filled');
    expect(rows[0]).toHaveTextContent('Gave up');
    expect(rows[0]).toHaveTextContent('HTTP 503');
    await user.click(within(card).getByTestId('postbacks-more'));
    expect(await within(card).findAllByTestId('postback-row')).toHaveLength(2);
    expect(callsTo(`GET ${BASE}/${app.id}/postbacks`)[1]!.params).toMatchObject({
      cursor: 'c1',
      limit: 20,
    });
  });
});
