/**
 * The external chat (settings name a chat project and its script): the widget loads that
 * script — after the same 300 ms as the built-in chat, with the project as `data-project` — and
 * removes it when the drawer closes and when the session ends.
 */
import { act, screen, waitFor } from '@testing-library/react';
import type { TChatHistory } from '@sampada/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DrawersHost } from './drawers-host';
import { closeGlobalDrawer, drawerStore, openGlobalDrawer } from '../lib/drawers';
import { browser, endSession } from '../lib/session';
import { mockApi, ok } from '../test/http';
import { renderWithProviders, resetAppState } from '../test/render';
import { signInForTest } from '../test/session';
import { EXTERNAL_CHAT_SCRIPT_ID } from '../features/support/components/external-chat';

const SCRIPT = 'https://widget.chat-vendor.example/v2/loader.js';

const history: TChatHistory = {
  conversation: {
    status: 'none',
    agent_name: null,
    unread: 0,
    office_hours: { days: [1, 2, 3, 4, 5, 6], open: '09:00', close: '18:00' },
    open_now: true,
    reply_minutes: 15,
    service: 'vendor-project-7',
    script_url: SCRIPT,
  },
  items: [],
  next_before: null,
};

const script = () => document.getElementById(EXTERNAL_CHAT_SCRIPT_ID) as HTMLScriptElement | null;

beforeEach(() => {
  resetAppState();
  signInForTest();
  drawerStore.set({ open: null });
  mockApi({ 'GET /chat/app/v1/messages': ok(history) });
});
afterEach(() => {
  vi.restoreAllMocks();
  script()?.remove();
});

describe('the external chat script named in settings', () => {
  it('loads after the widget’s delay and goes when the drawer closes', async () => {
    renderWithProviders(<DrawersHost />);
    act(() => openGlobalDrawer('support'));
    // The widget's chunk waits its 300 ms first: nothing is loaded yet.
    expect(script()).toBeNull();
    await waitFor(() => expect(script()).not.toBeNull());
    expect(script()!.src).toBe(SCRIPT);
    expect(script()!.dataset.project).toBe('vendor-project-7');
    expect(script()!.async).toBe(true);
    expect(screen.getByTestId('support-panel')).toHaveAttribute(
      'data-external-chat',
      'vendor-project-7',
    );
    // One script, however often the widget renders.
    expect(document.querySelectorAll(`#${EXTERNAL_CHAT_SCRIPT_ID}`)).toHaveLength(1);

    await act(() => closeGlobalDrawer());
    await waitFor(() => expect(script()).toBeNull());
  });

  it('goes when the session ends with the drawer still open', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => {});
    renderWithProviders(<DrawersHost />);
    act(() => openGlobalDrawer('support'));
    await waitFor(() => expect(script()).not.toBeNull());
    act(() => endSession());
    expect(script()).toBeNull();
    expect(reload).toHaveBeenCalled();
  });
});
