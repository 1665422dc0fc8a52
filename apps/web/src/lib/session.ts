import type { TLoginChallenge } from '@sampada/shared';
import { appSettings } from './app-settings';
import { STORAGE_KEYS, authStorage, sessionValue } from './storage';
import type { TToastType } from './notify';

/** A toast carried across the reload that ends a session, shown once the app starts again. */
export interface TFlash {
  type: TToastType;
  message: string;
}

const logoutListeners = new Set<() => void>();

/** Registers cleanup to run when the session ends (menu routes, chat panel, caches). */
export function onSessionEnd(listener: () => void): () => void {
  logoutListeners.add(listener);
  return () => logoutListeners.delete(listener);
}

export const hasSession = () => Boolean(authStorage.get()?.access_token);

/** The browser's reload, kept in one place so tests can observe it. */
export const browser = {
  go(path: string) {
    window.location.assign(path);
  },
  reload() {
    window.location.reload();
  },
};

/**
 * Ends the session on this device: clears stored auth, runs cleanups, keeps an optional
 * message for after the reload, then reloads (spec §4 Logout). `to` defaults to a plain
 * reload of the current page, whose guard then sends the user to /login.
 */
export function endSession({ flash, to }: { flash?: TFlash; to?: string } = {}) {
  if (appSettings.get().isLoggingOut) return;
  appSettings.set((s) => ({ ...s, isLoggingOut: true }));
  authStorage.clear();
  sessionValue.remove(STORAGE_KEYS.lastRoute);
  logoutListeners.forEach((listener) => {
    try {
      listener();
    } catch (error) {
      console.error(error);
    }
  });
  if (flash) sessionValue.set(STORAGE_KEYS.flash, flash);
  if (to) browser.go(to);
  else browser.reload();
}

let ending: Promise<unknown> | null = null;

/**
 * Marks a request whose success ends this session (a password change): the server revokes the
 * session as it answers, so the quote socket's 4401 can arrive first; it waits for this request
 * (sessionEnding) rather than signing out first with the session-ended message.
 */
export function endsSession<T>(request: Promise<T>): Promise<T> {
  ending = request;
  const clear = () => {
    if (ending === request) ending = null;
  };
  request.then(clear, clear);
  return request;
}

/** The request in flight that will end the session, if any. */
export const sessionEnding = () => ending;

/** Returns and forgets the message kept by endSession. */
export function takeFlash(): TFlash | null {
  const flash = sessionValue.get<TFlash>(STORAGE_KEYS.flash);
  if (flash) sessionValue.remove(STORAGE_KEYS.flash);
  return flash;
}

/**
 * A sign-in challenge the server answered where tokens were expected (issue 32: the firm
 * requires 2FA and this client has none): kept across the reload to /login, whose page opens
 * the enrolment step with it. `remember` is where the tokens were, so they go back there.
 */
export interface TPendingChallenge {
  challenge: TLoginChallenge;
  remember: boolean;
}

export function keepPendingChallenge(pending: TPendingChallenge) {
  sessionValue.set(STORAGE_KEYS.pendingChallenge, pending);
}

/**
 * The kept challenge, unless it has already expired. Reading does not forget it (a state
 * initializer may run twice): the page that shows it forgets it once mounted.
 */
export function pendingChallenge(now = Date.now()): TPendingChallenge | null {
  const pending = sessionValue.get<TPendingChallenge>(STORAGE_KEYS.pendingChallenge);
  if (!pending || Date.parse(pending.challenge.expires_at) <= now) return null;
  return pending;
}

export const forgetPendingChallenge = () => sessionValue.remove(STORAGE_KEYS.pendingChallenge);
