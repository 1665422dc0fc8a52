import { M, TOAST_DURATION_MS } from '@sampada/shared';
import { notifications } from '@mantine/notifications';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setShowAssets, appSettings } from './app-settings';
import { toast } from './notify';

afterEach(() => vi.restoreAllMocks());

describe('toast (spec §3, §9)', () => {
  it('lasts 3000 ms by default, stays with 0 or less, and takes a position', () => {
    const show = vi.spyOn(notifications, 'show').mockReturnValue('id');
    toast({ message: M.pinSet, type: 'success' });
    toast({ message: 'stay', duration: 0 });
    toast({ message: 'left', position: 'bottom-left', type: 'loading' });
    expect(show.mock.calls[0]![0]).toMatchObject({
      message: M.pinSet,
      autoClose: TOAST_DURATION_MS,
      color: 'teal',
    });
    expect(show.mock.calls[1]![0]).toMatchObject({ autoClose: false });
    expect(show.mock.calls[2]![0]).toMatchObject({ position: 'bottom-left', loading: true });
  });
});

describe('showAssets setting', () => {
  it('is persisted in its own localStorage key', () => {
    setShowAssets(false);
    expect(localStorage.getItem('sampada.showAssets')).toBe('false');
    expect(appSettings.get().showAssets).toBe(false);
  });
});
