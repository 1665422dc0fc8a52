import { SLIDE_UP_HEIGHT } from '@sampada/shared';
import { Drawer, type DrawerProps } from '@mantine/core';

export interface SlideUpDrawerProps extends Omit<DrawerProps, 'position' | 'size'> {
  /** Full screen height (100vh) instead of the default 80vh (spec §2, §9). */
  fullHeight?: boolean;
}

/** Drawer that slides up from the bottom: 80vh by default, up to 100vh. */
export function SlideUpDrawer({ fullHeight = false, styles, ...props }: SlideUpDrawerProps) {
  return (
    <Drawer
      position="bottom"
      size={fullHeight ? '100vh' : SLIDE_UP_HEIGHT}
      radius={fullHeight ? 0 : 'lg'}
      styles={{ content: { maxWidth: 720, marginInline: 'auto' }, ...styles }}
      {...props}
    />
  );
}
