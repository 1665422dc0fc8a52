import { describe, expect, it } from 'vitest';
import { detectOs, deviceTypeFor, deviceTypeOfWindow, isMobileDevice } from './device';

describe('device (spec §3 App settings)', () => {
  it('is mobile below 768 px, pad to 991 px, otherwise pc', () => {
    expect(deviceTypeFor(375)).toBe('mobile');
    expect(deviceTypeFor(767)).toBe('mobile');
    expect(deviceTypeFor(768)).toBe('pad');
    expect(deviceTypeFor(991)).toBe('pad');
    expect(deviceTypeFor(992)).toBe('pc');
    expect(isMobileDevice('pad')).toBe(false);
  });

  it('classes a window by media query as deviceTypeFor classes a width', () => {
    // A window of the given width answering (min-width: Npx) as a browser does.
    const windowOf = (width: number) => ({
      matchMedia: (query: string) =>
        ({ matches: width >= Number(/min-width: (\d+)px/.exec(query)?.[1]) }) as MediaQueryList,
    });
    for (const width of [375, 767, 768, 991, 992, 1440])
      expect(deviceTypeOfWindow(windowOf(width))).toBe(deviceTypeFor(width));
  });

  it('names the OS as Mac, Win, Linux or undefined', () => {
    const ua = (userAgent: string) => detectOs({ userAgent });
    expect(ua('Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5)')).toBe('Mac');
    expect(ua('Mozilla/5.0 (Windows NT 10.0; Win64; x64)')).toBe('Win');
    expect(ua('Mozilla/5.0 (X11; Linux x86_64)')).toBe('Linux');
    expect(ua('Mozilla/5.0 (Linux; Android 14; Pixel 8)')).toBe('Linux');
    expect(ua('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X)')).toBe('Mac');
    expect(ua('SomethingElse/1.0')).toBeUndefined();
  });
});
