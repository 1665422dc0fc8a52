import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { OfflinePage } from '../features/static-pages/components/offline-page';
import { useTranslation } from '../lib/i18n';

/** Router errors are only logged (spec §8); the user gets a way out. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => console.error('Route error', error), [error]);
  // A screen that could not load while offline (its code never arrived) is the offline case.
  if (!navigator.onLine) return <OfflinePage />;
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={2}>{t('routeError.title')}</Title>
        <Text c="dimmed">{t('routeError.text')}</Text>
        <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
      </Stack>
    </Center>
  );
}
