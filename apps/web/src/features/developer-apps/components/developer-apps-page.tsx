import { CONNECT_APPS_MAX, type TApiAppWithSecret } from '@sampada/shared';
import { Alert, Button, Group, Loader, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconApi, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { apiAppsQuery } from '../api/api-apps';
import { useDeveloperAppsTranslation } from '../i18n';
import { ApiAppCard } from './api-app-card';
import { ConnectGuide } from './connect-guide';
import { CreateAppForm } from './create-app-form';

/** No app yet: what an API app is, before the reader makes one. */
function EmptyState() {
  const { t } = useDeveloperAppsTranslation();
  return (
    <Paper withBorder radius="md" p="md" data-testid="api-apps-empty">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
            <IconApi size={22} />
          </ThemeIcon>
          <Title order={3} size="h4">
            {t('empty.title')}
          </Title>
        </Group>
        <Text size="sm">{t('empty.what')}</Text>
        <Text size="sm">{t('empty.orders')}</Text>
      </Stack>
    </Paper>
  );
}

/**
 * Me › Developer apps (issue 35): the client's API apps for programs on the Kite Connect v3
 * wire — create (settings, then the PIN), the secret shown once, rotate, delete, and each
 * app's postback delivery log.
 */
export function DeveloperAppsPage() {
  const { t } = useDeveloperAppsTranslation();
  const apps = useQuery(apiAppsQuery());
  const [creating, setCreating] = useState(false);
  // The secret just issued, shown on its app's card until the reader says they copied it.
  const [revealed, setRevealed] = useState<TApiAppWithSecret | null>(null);
  const list = apps.data ?? [];
  const full = list.length >= CONNECT_APPS_MAX;
  return (
    <Stack gap="md" data-testid="developer-apps-page">
      <Title order={2} size="h3">
        {t('title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('intro')}
      </Text>
      {apps.isPending && <Loader size="sm" />}
      {apps.isError && <Alert color="red">{apps.error.message}</Alert>}
      {apps.isSuccess && list.length === 0 && !creating && <EmptyState />}
      {creating ? (
        <CreateAppForm
          onCancel={() => setCreating(false)}
          onCreated={(app) => {
            setCreating(false);
            setRevealed(app);
          }}
        />
      ) : (
        apps.isSuccess &&
        (full ? (
          <Text size="sm" c="dimmed" data-testid="api-apps-full">
            {t('limit')}
          </Text>
        ) : (
          <Button
            leftSection={<IconPlus size={18} />}
            onClick={() => {
              setRevealed(null);
              setCreating(true);
            }}
            style={{ alignSelf: 'flex-start' }}
          >
            {t('create')}
          </Button>
        ))
      )}
      {list.map((app) => (
        <ApiAppCard
          key={app.id}
          app={app}
          revealed={revealed?.id === app.id ? revealed : null}
          onReveal={setRevealed}
          onRevealDone={() => setRevealed(null)}
        />
      ))}
      {apps.isSuccess && (
        <Paper withBorder radius="md" p="md">
          <ConnectGuide />
        </Paper>
      )}
    </Stack>
  );
}
