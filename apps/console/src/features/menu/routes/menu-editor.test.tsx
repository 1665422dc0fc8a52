import type { TMenuEntry } from '@sampada/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { session } from '../../../lib/session';
import { mockApi, ok } from '../../../test/http';
import { renderWithProviders } from '../../../test/render';
import { cleanNotifications, signInAs } from '../../../test/session';
import { MenuEditorPage } from './menu-editor';

const entry = (position: number, overrides: Partial<TMenuEntry>): TMenuEntry => ({
  id: `m-${position}`,
  position,
  path: '/',
  name: 'home',
  component: 'dashboard',
  redirect: null,
  title: 'Home',
  icon: 'home',
  requires: null,
  enabled: true,
  ...overrides,
});

const saved = [
  entry(1, {}),
  entry(2, { path: '/market', name: 'market', component: 'market', title: 'Market' }),
];

afterEach(() => {
  session.clear();
  cleanNotifications();
});

describe('MenuEditorPage', () => {
  it('saves the items in their new order, checked by the shared schema', async () => {
    signInAs(['admin']);
    const api = mockApi({
      'GET /menu': ok(saved),
      'POST /menu': (config) => ok(JSON.parse(String(config.data)).items, 'Menu saved.'),
    });
    renderWithProviders(<MenuEditorPage />);
    await screen.findAllByDisplayValue('Market');
    await userEvent.click(screen.getAllByRole('button', { name: 'Move up' })[1]!);
    await userEvent.click(screen.getByRole('button', { name: 'Save menu' }));
    expect(await screen.findByText('Menu saved.')).toBeInTheDocument();
    const items = (api.callsTo('POST /menu')[0]!.body as { items: TMenuEntry[] }).items;
    expect(items.map((item) => item.title)).toEqual(['Market', 'Home']);
    expect(items[0]).not.toHaveProperty('id');
  });

  it('says which row is wrong and sends nothing', async () => {
    signInAs(['admin']);
    const api = mockApi({ 'GET /menu': ok(saved) });
    renderWithProviders(<MenuEditorPage />);
    await screen.findAllByDisplayValue('Market');
    await userEvent.click(screen.getByRole('button', { name: 'Add item' }));
    const rows = screen.getAllByRole('row');
    const added = rows[rows.length - 1]!;
    expect(within(added).getByLabelText('Path')).toHaveValue('/');
    await userEvent.click(screen.getByRole('button', { name: 'Save menu' }));
    expect(await screen.findByText('Row 3: Name is required')).toBeInTheDocument();
    expect(api.callsTo('POST /menu')).toHaveLength(0);
  });
});
