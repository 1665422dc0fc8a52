import { M, type TAuthData } from '@sampada/shared';
import { translateMessage } from './i18n';

/** Storage keys of the client app (spec §3, §9: separate keys for locale and show-assets). */
export const STORAGE_KEYS = {
  auth: 'sampada.auth',
  locale: 'sampada.locale',
  showAssets: 'sampada.showAssets',
  numberStyle: 'sampada.numberStyle',
  colorScheme: 'sampada.colorScheme',
  language: 'sampada.language',
  flash: 'sampada.flash',
  pendingChallenge: 'sampada.pendingChallenge',
  lastRoute: 'sampada.lastRoute',
  greetingName: 'sampada.greetingName',
} as const;

function usable(storage: () => Storage): boolean {
  try {
    const probe = '__sampada_probe__';
    storage().setItem(probe, probe);
    storage().removeItem(probe);
    return true;
  } catch {
    return false;
  }
}

/** Both Web Storage areas exist and accept writes (they throw when disabled). */
export const isStorageSupported = () =>
  typeof window !== 'undefined' &&
  usable(() => window.localStorage) &&
  usable(() => window.sessionStorage);

/** Spec §8: an alert when the browser has no usable storage. Returns whether it warned. */
export function warnIfStorageUnsupported(
  alert = (message: string) => window.alert(message),
): boolean {
  if (isStorageSupported()) return false;
  alert(translateMessage(M.storageUnsupported));
  return true;
}

function read<T>(storage: Storage, key: string): T | null {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : (JSON.parse(raw) as T);
  } catch {
    return null;
  }
}

function write(storage: Storage, key: string, value: unknown) {
  try {
    storage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage disabled or full: the app already warned at start-up.
  }
}

function remove(storage: Storage, key: string) {
  try {
    storage.removeItem(key);
  } catch {
    // ignore, as in write()
  }
}

/**
 * Auth data lives in localStorage when Remember Me is on and in sessionStorage when it
 * is off (spec §3); only one of them holds it at a time.
 */
export const authStorage = {
  get(): TAuthData | null {
    return (
      read<TAuthData>(sessionStorage, STORAGE_KEYS.auth) ??
      read<TAuthData>(localStorage, STORAGE_KEYS.auth)
    );
  },
  /** Where the tokens are kept now: 'local', 'session' or null. */
  location(): 'local' | 'session' | null {
    if (read(sessionStorage, STORAGE_KEYS.auth)) return 'session';
    if (read(localStorage, STORAGE_KEYS.auth)) return 'local';
    return null;
  },
  /** Saves new auth data; without `remember` it stays where the old data was (refresh). */
  set(auth: TAuthData, remember?: boolean) {
    const persistent = remember ?? this.location() === 'local';
    write(persistent ? localStorage : sessionStorage, STORAGE_KEYS.auth, auth);
    remove(persistent ? sessionStorage : localStorage, STORAGE_KEYS.auth);
  },
  clear() {
    remove(localStorage, STORAGE_KEYS.auth);
    remove(sessionStorage, STORAGE_KEYS.auth);
    greetingName.clear();
  },
};

/**
 * The name Home greets the client with, kept beside the tokens (same storage, so it ends with
 * them) for the static copy of /dashboard: the build's boot script writes it into the copy's
 * greeting before the first paint, and shows that copy only on a device that has it (decision
 * 005, fourth pass). Kept only for a client whose KYC is approved, the one who lands on Home.
 */
export const greetingName = {
  get: () =>
    read<string>(sessionStorage, STORAGE_KEYS.greetingName) ??
    read<string>(localStorage, STORAGE_KEYS.greetingName),
  set(name: string) {
    const where = authStorage.location();
    if (!where) return;
    write(where === 'local' ? localStorage : sessionStorage, STORAGE_KEYS.greetingName, name);
    remove(where === 'local' ? sessionStorage : localStorage, STORAGE_KEYS.greetingName);
  },
  clear() {
    remove(localStorage, STORAGE_KEYS.greetingName);
    remove(sessionStorage, STORAGE_KEYS.greetingName);
  },
};

export const localPreference = {
  get: <T>(key: string) => read<T>(localStorage, key),
  set: (key: string, value: unknown) => write(localStorage, key, value),
};

export const sessionValue = {
  get: <T>(key: string) => read<T>(sessionStorage, key),
  set: (key: string, value: unknown) => write(sessionStorage, key, value),
  remove: (key: string) => remove(sessionStorage, key),
};
