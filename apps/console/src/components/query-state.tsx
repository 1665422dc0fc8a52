import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/** Loading and error states of a query, so each page renders only its data. */
export function QueryState({
  isPending,
  error,
  children,
}: {
  isPending: boolean;
  error: Error | null;
  children: ReactNode;
}) {
  if (error) {
    return (
      <Alert color="red" icon={<IconAlertTriangle size={18} />} title="Could not load">
        {error.message}
      </Alert>
    );
  }
  if (isPending) {
    return (
      <Center py="xl">
        {/* A status, so that its name is allowed (axe: aria-label on a bare span) and read out. */}
        <Loader role="status" aria-label="Loading" />
      </Center>
    );
  }
  return <>{children}</>;
}
