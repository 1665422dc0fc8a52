import { SIDE_DRAWER_WIDTH } from '@sampada/shared';
import { Drawer, type DrawerProps } from '@mantine/core';
import { useMountWhenOpened } from '../lib/use-mount-when-opened';

export interface SideDrawerProps extends Omit<DrawerProps, 'position'> {
  side?: 'right' | 'left';
}

/**
 * Drawer from the right (or left) at 85% width over a dimmed backdrop; backdrop click and
 * the close button close it and the page does not scroll while it is open (spec §2). Not
 * mounted until first opened, like SlideUpDrawer.
 */
export function SideDrawer({
  side = 'right',
  size = SIDE_DRAWER_WIDTH,
  opened,
  ...props
}: SideDrawerProps) {
  const shown = useMountWhenOpened(opened);
  if (!shown.mounted) return null;
  return (
    <Drawer
      opened={shown.opened}
      position={side}
      size={size}
      overlayProps={{ backgroundOpacity: 0.5, blur: 2 }}
      lockScroll
      closeOnClickOutside
      withCloseButton
      {...props}
    />
  );
}
