import type { TClientSession } from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appSettings, DEFAULT_LOCALE } from '../../../lib/app-settings';
import { DEFAULT_LANGUAGE, setLanguage } from '../../../lib/i18n';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders, resetAppState } from '../../../test/render';
import { SessionsSection } from './sessions-section';

const session = (over: Partial<TClientSession>): TClientSession => ({
  id: 's1',
  device: 'Android',
  browser: 'Chrome',
  ip: '49.36.0.1',
  place: null,
  signed_in_at: '2026-11-29T04:30:00.000Z',
  last_seen_at: '2026-11-30T05:10:00.000Z',
  expires_at: '2026-12-29T04:30:00.000Z',
  current: false,
  ...over,
});

const SESSIONS = [
  session({ id: 'here', current: true, ip: '127.0.0.1', browser: 'Firefox', device: 'Linux' }),
  session({ id: 'mumbai', place: 'Navi Mumbai, Maharashtra, India' }),
];

function showList() {
  mockApi({ 'GET /client/app/v1/sessions': ok(SESSIONS) });
  renderWithProviders(<SessionsSection />);
}

const rowOf = async (device: RegExp) =>
  (await screen.findAllByTestId('session-row')).find((row) => device.test(row.textContent ?? ''))!;

beforeEach(() => {
  resetAppState();
  appSettings.set((s) => ({ ...s, locale: { country: 'IN', timezone: 'Asia/Kolkata' } }));
});
afterEach(async () => {
  appSettings.set((s) => ({ ...s, locale: DEFAULT_LOCALE }));
  await setLanguage(DEFAULT_LANGUAGE);
});

describe('the device list’s places', () => {
  it('shows a known place beside the address it was last seen from', async () => {
    showList();
    const row = await rowOf(/Android/);
    expect(within(row).getByTestId('session-where')).toHaveTextContent(
      'Navi Mumbai, Maharashtra, India · IP address 49.36.0.1',
    );
  });

  it('says "Unknown place" when the server knows none', async () => {
    showList();
    const row = await rowOf(/Linux/);
    expect(within(row).getByTestId('session-where')).toHaveTextContent(
      'Unknown place · IP address 127.0.0.1',
    );
  });

  it('shows each time with its zone', async () => {
    showList();
    const row = await rowOf(/Android/);
    expect(within(row).getByText('Last active 30 Nov 2026, 10:40 am IST')).toBeInTheDocument();
    expect(within(row).getByText('Signed in 29 Nov 2026, 10:00 am IST')).toBeInTheDocument();
  });

  it('credits DB-IP with a link, as its licence asks', async () => {
    showList();
    await rowOf(/Android/);
    const credit = screen.getByRole('link', { name: 'IP places by DB-IP' });
    expect(credit).toHaveAttribute('href', 'https://db-ip.com');
    expect(credit.getAttribute('rel')).toContain('noopener');
  });

  it('in Hindi too', async () => {
    await setLanguage('hi-IN');
    showList();
    const row = await rowOf(/Linux/);
    expect(within(row).getByTestId('session-where')).toHaveTextContent(
      'अज्ञात स्थान · IP पता 127.0.0.1',
    );
    expect(screen.getByRole('link', { name: 'IP स्थान DB-IP के सौजन्य से' })).toHaveAttribute(
      'href',
      'https://db-ip.com',
    );
  });
});
