import { APP_VERSION } from '@sampada/shared';
import { createStore, useStore } from './create-store';
import {
  deviceTypeFor,
  deviceTypeOfWindow,
  detectIncognito,
  detectOs,
  type TDeviceOs,
  type TDeviceType,
} from './device';
import { STORAGE_KEYS, localPreference } from './storage';

/** Country and clock timezone chosen on the login page; default India and UTC (spec §1). */
export interface TLocaleSetting {
  country: string;
  timezone: string;
}
export const DEFAULT_LOCALE: TLocaleSetting = { country: 'IN', timezone: 'UTC' };

/**
 * How large figures are shortened: spec §9's k/M/B/T (the default), or lakh and crore
 * (₹19.13 L, ₹1,912.95 Cr), a display preference kept on the device (decision 021).
 */
export type TNumberStyle = 'international' | 'indian';

/** App settings of spec §3. */
export interface TAppSettings {
  version: string;
  deviceType: TDeviceType;
  os: TDeviceOs;
  incognito: boolean;
  showAssets: boolean;
  isLoggingOut: boolean;
  locale: TLocaleSetting;
  numberStyle: TNumberStyle;
}

export const appSettings = createStore<TAppSettings>({
  version: APP_VERSION,
  deviceType: typeof window === 'undefined' ? deviceTypeFor(1440) : deviceTypeOfWindow(),
  os: typeof navigator === 'undefined' ? undefined : detectOs(),
  incognito: false,
  showAssets: localPreference.get<boolean>(STORAGE_KEYS.showAssets) ?? true,
  isLoggingOut: false,
  locale: {
    ...DEFAULT_LOCALE,
    ...localPreference.get<Partial<TLocaleSetting>>(STORAGE_KEYS.locale),
  },
  numberStyle:
    localPreference.get<TNumberStyle>(STORAGE_KEYS.numberStyle) === 'indian'
      ? 'indian'
      : 'international',
});

export const useAppSettings = () => useStore(appSettings);

export function setShowAssets(showAssets: boolean) {
  localPreference.set(STORAGE_KEYS.showAssets, showAssets);
  appSettings.set((s) => ({ ...s, showAssets }));
}

export function setNumberStyle(numberStyle: TNumberStyle) {
  localPreference.set(STORAGE_KEYS.numberStyle, numberStyle);
  appSettings.set((s) => ({ ...s, numberStyle }));
}

export function setLocale(locale: TLocaleSetting) {
  localPreference.set(STORAGE_KEYS.locale, locale);
  appSettings.set((s) => ({ ...s, locale }));
}

/** Keeps deviceType in step with the window (resize debounced 200 ms, spec §9). */
export function watchDevice(debounceMs = 200): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const deviceType = deviceTypeOfWindow();
      if (deviceType !== appSettings.get().deviceType)
        appSettings.set((s) => ({ ...s, deviceType }));
    }, debounceMs);
  };
  window.addEventListener('resize', onResize);
  void detectIncognito().then((incognito) => appSettings.set((s) => ({ ...s, incognito })));
  return () => {
    clearTimeout(timer);
    window.removeEventListener('resize', onResize);
  };
}
