import { SLIDE_UP_HEIGHT } from '@sampada/shared';
import { Drawer, type DrawerProps } from '@mantine/core';
import { useMountWhenOpened } from '../lib/use-mount-when-opened';

export interface SlideUpDrawerProps extends Omit<DrawerProps, 'position' | 'size'> {
  /** Full screen height (100vh) instead of the default 80vh (spec §2, §9). */
  fullHeight?: boolean;
}

/**
 * Drawer that slides up from the bottom: 80vh by default, up to 100vh. Not mounted until first
 * opened (useMountWhenOpened): a closed Mantine drawer still mounts its portal, which renders
 * again at once, and the signed-in shell holds ten of them.
 */
export function SlideUpDrawer({
  fullHeight = false,
  styles,
  opened,
  ...props
}: SlideUpDrawerProps) {
  const shown = useMountWhenOpened(opened);
  if (!shown.mounted) return null;
  return (
    <Drawer
      opened={shown.opened}
      position="bottom"
      size={fullHeight ? '100vh' : SLIDE_UP_HEIGHT}
      radius={fullHeight ? 0 : 'lg'}
      styles={{ content: { maxWidth: 720, marginInline: 'auto' }, ...styles }}
      {...props}
    />
  );
}
