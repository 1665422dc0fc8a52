import { useEffect, useState } from 'react';

/**
 * For a dialog that starts closed and is seldom opened (the search overlay, the user drawer):
 * it is not mounted until first wanted, so the first screen neither renders it nor runs its
 * mount effects, which re-render it at once. The first open mounts it closed and opens it on
 * the next render, so its opening transition still plays; after that it stays mounted, and
 * closes with its transition like any dialog.
 */
export function useMountWhenOpened(opened: boolean): { mounted: boolean; opened: boolean } {
  const [ready, setReady] = useState(opened);
  useEffect(() => {
    if (opened && !ready) setReady(true);
  }, [opened, ready]);
  return { mounted: ready || opened, opened: opened && ready };
}
