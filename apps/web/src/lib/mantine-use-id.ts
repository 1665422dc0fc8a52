import { useId as useReactId } from 'react';

/**
 * Stands in for @mantine/hooks' `useId` in the built app (scripts/vite-mantine-use-id.ts).
 * Mantine's starts with React's id, then sets a random one in a layout effect once mounted: a
 * second, synchronous render of every component that asks for an id — each Drawer, Modal,
 * Tooltip, Popover, Tabs and input — right after the screen's first commit. On Home the app's
 * closed drawers and the header's tooltips made it one 150 ms task on a phone (4× CPU). React's
 * id is unique and stable from the first render, which is all the ids are for (labels,
 * aria-controls).
 */
export function useId(staticId?: string): string {
  const id = `mantine-${useReactId().replace(/[^\w-]/g, '')}`;
  return typeof staticId === 'string' ? staticId : id;
}
