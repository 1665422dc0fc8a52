import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useMountWhenOpened } from './use-mount-when-opened';

describe('useMountWhenOpened', () => {
  it('mounts nothing until first opened, then mounts closed and opens on the next render', () => {
    const seen: { mounted: boolean; opened: boolean }[] = [];
    const { rerender } = renderHook(
      ({ opened }: { opened: boolean }) => {
        const state = useMountWhenOpened(opened);
        seen.push(state);
        return state;
      },
      { initialProps: { opened: false } },
    );
    expect(seen.at(-1)).toEqual({ mounted: false, opened: false });
    act(() => rerender({ opened: true }));
    // Mounted closed first (the transition has a closed state to start from), then open.
    expect(seen).toContainEqual({ mounted: true, opened: false });
    expect(seen.at(-1)).toEqual({ mounted: true, opened: true });
  });

  it('stays mounted once opened, closed again when closed', () => {
    const { result, rerender } = renderHook(
      ({ opened }: { opened: boolean }) => useMountWhenOpened(opened),
      { initialProps: { opened: false } },
    );
    act(() => rerender({ opened: true }));
    act(() => rerender({ opened: false }));
    expect(result.current).toEqual({ mounted: true, opened: false });
  });

  it('is mounted and open at once when it starts open', () => {
    const { result } = renderHook(() => useMountWhenOpened(true));
    expect(result.current).toEqual({ mounted: true, opened: true });
  });
});
