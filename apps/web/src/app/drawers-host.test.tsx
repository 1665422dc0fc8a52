import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { closeGlobalDrawer, drawerStore, openDealDrawer } from '../lib/drawers';
import { mockApi, ok } from '../test/http';
import { renderWithProviders, resetAppState } from '../test/render';
import { signInForTest } from '../test/session';
import { IPO_ID, assets, ipo, profile } from '../test/trading';
import { DrawersHost } from './drawers-host';

beforeEach(() => {
  resetAppState();
  signInForTest();
  drawerStore.set({ open: null });
});

describe('trading drawers in the host (spec §2 slide-up drawers)', () => {
  it('opens the IPO drawer on the offering it was asked for, and closes it', async () => {
    mockApi({
      'GET /auth/app/v1/client_info': profile(),
      'GET /stat/app/v1/asset': assets(),
      'GET /trade/app/v1/deals': ok([ipo]),
    });
    renderWithProviders(<DrawersHost />);
    act(() => openDealDrawer('ipo', IPO_ID));
    // The panel is a lazy chunk: the first load may take a moment.
    expect(await screen.findByTestId('ipo-panel')).toBeInTheDocument();
    expect(await screen.findByTestId(`deal-selected-${IPO_ID}`)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'IPO' })).toBeInTheDocument();
    await act(() => closeGlobalDrawer());
    expect(screen.queryByTestId('ipo-panel')).not.toBeInTheDocument();
  });
});
