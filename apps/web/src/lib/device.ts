import { DESKTOP_BREAKPOINT, PAD_MAX } from '@sampada/shared';

export type TDeviceType = 'mobile' | 'pad' | 'pc';
export type TDeviceOs = 'Mac' | 'Win' | 'Linux' | undefined;

/** Each class from its least width, widest first; below them all, mobile (spec §3). */
const CLASSES: readonly (readonly [minWidth: number, type: TDeviceType])[] = [
  [PAD_MAX + 1, 'pc'],
  [DESKTOP_BREAKPOINT, 'pad'],
];

/** mobile below 768 px, pad 768–991 px, otherwise pc (spec §3). */
export function deviceTypeFor(width: number): TDeviceType {
  return CLASSES.find(([min]) => width >= min)?.[1] ?? 'mobile';
}

/**
 * The window's class by media query, at the same widths as deviceTypeFor. Not from
 * `innerWidth`: on a page whose style is still pending, reading it makes the browser
 * recalculate the style on the spot — 20–39 ms inside the entry's evaluation on Home, the
 * app's longest task (decision 078). A media query is answered from the viewport alone.
 */
export function deviceTypeOfWindow(win: Pick<Window, 'matchMedia'> = window): TDeviceType {
  return CLASSES.find(([min]) => win.matchMedia(`(min-width: ${min}px)`).matches)?.[1] ?? 'mobile';
}

/** The spec treats a device as mobile or desktop; a pad counts as desktop. */
export const isMobileDevice = (type: TDeviceType) => type === 'mobile';

export function detectOs(
  nav: Pick<Navigator, 'userAgent'> & { userAgentData?: { platform?: string } } = navigator,
): TDeviceOs {
  const source = `${nav.userAgentData?.platform ?? ''} ${nav.userAgent}`;
  if (/android/i.test(source)) return 'Linux';
  if (/mac|iphone|ipad/i.test(source)) return 'Mac';
  if (/win/i.test(source)) return 'Win';
  if (/linux|cros|x11/i.test(source)) return 'Linux';
  return undefined;
}

/**
 * Private windows get a small storage quota (Chromium caps it near 100 MB, Firefox and
 * Safari lower still), which is the most reliable signal browsers still give.
 */
export async function detectIncognito(): Promise<boolean> {
  try {
    const estimate = await navigator.storage?.estimate?.();
    return typeof estimate?.quota === 'number' && estimate.quota < 120 * 1024 * 1024;
  } catch {
    return false;
  }
}
