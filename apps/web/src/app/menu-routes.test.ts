import type { TMenuItem } from '@sampada/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../test/http';
import {
  MENU_COMPONENTS,
  ensureMenuRoutes,
  menuStore,
  resetMenuRoutes,
  toRoutes,
} from './menu-routes';

const item = (path: string, component: string, extra: Partial<TMenuItem> = {}): TMenuItem => ({
  path,
  name: component,
  component,
  meta: { title: component, icon: 'star' },
  ...extra,
});

describe('menu routes (spec §2, docs/api-identity.md)', () => {
  beforeEach(resetMenuRoutes);

  it('mounts known components and skips the ones this release does not have', () => {
    const { routes, entries } = toRoutes([
      item('/score-info', 'engagement/score-info'),
      item('/lottery', 'engagement/lottery'),
    ]);
    expect(routes.map((r) => r.path)).toEqual(['/score-info']);
    expect(entries).toEqual([
      {
        path: '/score-info',
        title: 'engagement/score-info',
        icon: 'star',
        component: 'engagement/score-info',
      },
    ]);
    expect(routes[0]!.handle).toEqual({
      title: 'engagement/score-info',
      translate: false,
      menu: 'engagement/score-info',
    });
  });

  it('keeps a parent with known children and its redirect', () => {
    const { routes } = toRoutes([
      item('/engagement', 'engagement/layout', {
        redirect: '/engagement/score',
        children: [item('score', 'engagement/score-info'), item('other', 'unknown/thing')],
      }),
    ]);
    expect(routes[0]!.path).toBe('/engagement');
    expect(routes[0]!.children?.map((c) => c.path ?? 'index')).toEqual([
      'index',
      '/engagement/score',
    ]);
  });

  it('has a lazily loaded page for each registered key', async () => {
    for (const load of Object.values(MENU_COMPONENTS)) {
      expect(typeof (await load()).default).toBe('function');
    }
  });

  it('fetches the menu once and patches the layout route', async () => {
    const { callsTo } = mockApi({
      'GET /auth/app/v1/menu': ok([item('/score-info', 'engagement/score-info')]),
    });
    const patch = vi.fn();
    await Promise.all([ensureMenuRoutes(patch), ensureMenuRoutes(patch)]);
    await ensureMenuRoutes(patch);
    expect(callsTo('GET /auth/app/v1/menu')).toHaveLength(1);
    expect(patch).toHaveBeenCalledOnce();
    expect(patch.mock.calls[0]![0]).toBe('app');
    expect(menuStore.get()).toHaveLength(1);
  });
});
