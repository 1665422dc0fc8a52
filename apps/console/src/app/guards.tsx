import { mayAccess, type TConsoleArea } from '@sampada/shared';
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../config/paths';
import { session, useSession } from '../lib/session';

/** Signed-in staff only; others go to sign-in and come back afterwards. */
export function RequireSession({ children }: { children: ReactNode }) {
  const current = useSession();
  const location = useLocation();
  if (!current) {
    // After an expiry, come back to the same page; after a sign-out, the next person starts afresh.
    const state =
      session.endReason() === 'signed-out' ? null : { from: location.pathname + location.search };
    return <Navigate to={paths.signIn} replace state={state} />;
  }
  return <>{children}</>;
}

/** Reads ROLE_ACCESS, as the server's guard does: a page the role may not open says so instead of failing. */
export function RequireArea({ area, children }: { area: TConsoleArea; children: ReactNode }) {
  const current = useSession();
  if (!mayAccess(current?.staff.roles, area)) {
    return (
      <Alert color="orange" title="Not available for your role">
        Your role does not include this part of the console. Ask an admin if you need it.
      </Alert>
    );
  }
  return <>{children}</>;
}
