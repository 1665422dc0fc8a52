import { QueryClient } from '@tanstack/react-query';
import { onSessionEnd } from './session';

/**
 * One query cache for the app. The HTTP client already retries after a token refresh,
 * so TanStack Query does not retry on its own (a failure would be shown several times).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    // networkMode 'always': requests go out even when the browser says it is offline, so
    // that the HTTP client can send the user to /error (spec §8) instead of waiting.
    queries: {
      retry: false,
      refetchOnWindowFocus: false,
      staleTime: 30_000,
      networkMode: 'always',
    },
    mutations: { retry: false, networkMode: 'always' },
  },
});

onSessionEnd(() => queryClient.clear());
