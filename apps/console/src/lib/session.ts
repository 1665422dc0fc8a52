/**
 * The signed-in staff member of this tab. Kept in sessionStorage: closing the tab forgets it,
 * and the server ends it anyway after 30 idle minutes or 8 hours.
 */
import { useSyncExternalStore } from 'react';
import type { TStaffSession } from '@sampada/shared';

const KEY = 'sampada.console.session';
type Listener = () => void;
const listeners = new Set<Listener>();

function read(): TStaffSession | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    return raw ? (JSON.parse(raw) as TStaffSession) : null;
  } catch {
    return null;
  }
}

let current = read();
/** Why the last session ended: after an expiry the user returns to where they were; after a sign-out not. */
let endReason: 'expired' | 'signed-out' | null = null;

export const session = {
  get: () => current,
  token: () => current?.token ?? null,
  endReason: () => endReason,
  set(next: TStaffSession) {
    current = next;
    endReason = null;
    sessionStorage.setItem(KEY, JSON.stringify(next));
    listeners.forEach((l) => l());
  },
  clear(reason: 'expired' | 'signed-out' = 'expired') {
    if (!current) return;
    current = null;
    endReason = reason;
    sessionStorage.removeItem(KEY);
    listeners.forEach((l) => l());
  },
  subscribe(listener: Listener) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
};

export const useSession = () => useSyncExternalStore(session.subscribe, session.get, session.get);
