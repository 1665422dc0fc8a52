import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router';
import { queryClient } from '../lib/query-client';
import type { TAppRouter } from './router';
import { STORAGE_KEYS } from '../lib/storage';
import { cssVariablesResolver, theme } from './theme';

/**
 * Light, dark, or the system's choice ('auto', the default): Mantine keeps the reader's choice
 * on the device and follows the system while it is 'auto' (decision 021).
 */
const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.colorScheme });

export function App({ router }: { router: TAppRouter }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  );
}
