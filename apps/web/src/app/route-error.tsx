import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useRouteError } from 'react-router';
import { OfflinePage } from '../features/static-pages/components/offline-page';
import { isRateLimited, tooManyRequestsMessage } from '../lib/api-client';
import { useTranslation } from '../lib/i18n';

/** Seconds left until `at`, ticking down once a second. */
const secondsUntil = (at: number) => Math.max(0, Math.ceil((at - Date.now()) / 1000));

function useSecondsUntil(at: number) {
  const [seconds, setSeconds] = useState(() => secondsUntil(at));
  useEffect(() => {
    const timer = setInterval(() => setSeconds(secondsUntil(at)), 1000);
    return () => clearInterval(timer);
  }, [at]);
  return seconds;
}

/**
 * A screen whose data met the per-IP limit (429) is not a crash: say how long to wait and
 * offer a retry once the window has passed (issue 14).
 */
function RateLimited({ retryAt }: { retryAt: number }) {
  const { t } = useTranslation();
  const seconds = useSecondsUntil(retryAt);
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <Title order={2}>{tooManyRequestsMessage(seconds)}</Title>
        <Button disabled={seconds > 0} onClick={() => window.location.reload()}>
          {t('routeError.retry')}
        </Button>
      </Stack>
    </Center>
  );
}

/** Router errors are only logged (spec §8); the user gets a way out. */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  useEffect(() => console.error('Route error', error), [error]);
  // A screen that could not load while offline (its code never arrived) is the offline case.
  if (!navigator.onLine) return <OfflinePage />;
  if (isRateLimited(error)) return <RateLimited retryAt={error.retryAt} />;
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
