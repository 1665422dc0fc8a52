import { QueryClient } from '@tanstack/react-query';
import { session } from './session';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: true, staleTime: 10_000 },
    mutations: { retry: false },
  },
});

/** Nothing of one staff member's view survives into another's session. */
session.subscribe(() => {
  if (!session.get()) queryClient.clear();
});
