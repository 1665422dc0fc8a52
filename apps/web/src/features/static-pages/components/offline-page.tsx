import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { useAppName } from '../../../lib/system-settings';
import { useStaticTranslation } from '../i18n';

/** /error: where a request that failed while the browser was offline leads (spec §2, §8). */
export function OfflinePage() {
  const { t } = useStaticTranslation();
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
          {t('offline.title')}
        </Title>
        <Text c="dimmed">{t('offline.text', { appName })}</Text>
        {stillOffline && (
          <Text c="orange.8" size="sm" role="status">
            {t('offline.stillOffline')}
          </Text>
        )}
        <Button onClick={retry}>{t('offline.retry')}</Button>
      </Stack>
    </Center>
  );
}
