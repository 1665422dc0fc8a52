import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useAppName } from '../../../lib/system-settings';
import { useOfflineTranslation } from '../offline-i18n';

/**
 * /error: where a request that failed while the browser was offline leads (spec §2, §8).
 * It is in the first bundle, since no further chunk can be fetched while offline.
 */
export function OfflinePage() {
  const { t } = useOfflineTranslation();
  const appName = useAppName();
  const navigate = useNavigate();
  const [stillOffline, setStillOffline] = useState(false);

  const retry = () => {
    if (!navigator.onLine) {
      setStillOffline(true);
      return;
    }
    setStillOffline(false);
    if (window.history.length > 1) void navigate(-1);
    else void navigate(paths.root, { replace: true });
  };

  return (
    <Center mih="100dvh" p="md" component="main">
      <Stack align="center" gap="sm" ta="center" maw={420}>
        <IconWifiOff size={56} stroke={1.5} />
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('text', { appName })}</Text>
        {stillOffline && (
          <Text c="orange.8" size="sm" role="status">
            {t('stillOffline')}
          </Text>
        )}
        <Button onClick={retry}>{t('retry')}</Button>
      </Stack>
    </Center>
  );
}
