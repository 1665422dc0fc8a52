import type { TApiApp, TApiAppWithSecret } from '@sampada/shared';
import {
  Alert,
  Badge,
  Button,
  Code,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconKey, IconList, IconTrash } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { closeModal, openConfirm, openModal } from '../../../components/modals';
import { formatDateTime } from '../../../lib/datetime';
import { toastSuccess } from '../../../lib/notify';
import { useDeleteApiApp } from '../api/api-apps';
import { useDeveloperAppsTranslation } from '../i18n';
import { PostbackLog } from './postback-log';
import { RotateSecretForm } from './rotate-secret-form';
import { SecretReveal } from './secret-reveal';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={0} miw={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div" style={{ wordBreak: 'break-all' }}>
        {children}
      </Text>
    </Stack>
  );
}

const ROTATE_MODAL = 'api-app-rotate';

/** The app's name, enabled or disabled, and what a disabled app means. */
function ApiAppHeading({ app, titleId }: { app: TApiApp; titleId: string }) {
  const { t } = useDeveloperAppsTranslation();
  return (
    <>
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Title order={3} size="h4" id={titleId} style={{ wordBreak: 'break-word' }}>
          {app.name}
        </Title>
        <Badge
          variant="light"
          color={app.disabled ? 'red' : 'teal'}
          style={{ flexShrink: 0 }}
          data-testid="api-app-state"
        >
          {app.disabled ? t('app.disabled') : t('app.enabled')}
        </Badge>
      </Group>
      {app.disabled && (
        <Alert color="red" p="xs" data-testid="api-app-disabled">
          <Text size="sm">{t('app.disabledText')}</Text>
        </Alert>
      )}
    </>
  );
}

function ApiAppDetails({ app }: { app: TApiApp }) {
  const { t } = useDeveloperAppsTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="xs">
      <Detail label={t('app.apiKey')}>
        <Group gap={4} wrap="nowrap">
          <Code data-testid="api-app-key">{app.api_key}</Code>
          <CopyButton value={app.api_key} label={t('app.apiKey')} />
        </Group>
      </Detail>
      <Detail label={t('app.created')}>{formatDateTime(app.created_at)}</Detail>
      <Detail label={t('app.redirect')}>{app.redirect_url}</Detail>
      <Detail label={t('app.postback')}>{app.postback_url ?? t('app.noPostback')}</Detail>
      <Detail label={t('app.ips')}>{app.allowed_ips.join(', ')}</Detail>
    </SimpleGrid>
  );
}

/** Rotate opens the PIN form and reveals the new secret; delete asks first. */
function useApiAppActions(
  app: TApiApp,
  remove: ReturnType<typeof useDeleteApiApp>,
  onReveal: (app: TApiAppWithSecret) => void,
) {
  const { t } = useDeveloperAppsTranslation();
  const rotate = () =>
    openModal({
      id: ROTATE_MODAL,
      title: t('rotate.title', { name: app.name }),
      hold: true,
      children: (
        <RotateSecretForm
          app={app}
          onRotated={(rotated) => {
            closeModal(ROTATE_MODAL);
            onReveal(rotated);
          }}
        />
      ),
    });
  const askDelete = () =>
    openConfirm({
      title: t('remove.title', { name: app.name }),
      message: t('remove.text', { name: app.name }),
      confirmLabel: t('remove.confirm'),
      danger: true,
      onConfirm: () =>
        remove.mutate(app.id, { onSuccess: () => toastSuccess(t('toasts.deleted')) }),
    });
  return { rotate, askDelete };
}

/**
 * One API app: its settings, whether staff disabled it, its secret once after create or
 * rotate (`revealed`), the rotate and delete actions, and its postback delivery log.
 */
export function ApiAppCard({
  app,
  revealed,
  onReveal,
  onRevealDone,
}: {
  app: TApiApp;
  revealed: TApiAppWithSecret | null;
  onReveal: (app: TApiAppWithSecret) => void;
  onRevealDone: () => void;
}) {
  const { t } = useDeveloperAppsTranslation();
  const remove = useDeleteApiApp();
  const [logOpen, setLogOpen] = useState(false);
  const titleId = `api-app-${app.id}`;
  const { rotate, askDelete } = useApiAppActions(app, remove, onReveal);
  return (
    <Paper
      component="article"
      withBorder
      radius="md"
      p="md"
      aria-labelledby={titleId}
      data-testid="api-app"
      data-disabled={app.disabled || undefined}
    >
      <Stack gap="sm">
        <ApiAppHeading app={app} titleId={titleId} />
        {revealed && <SecretReveal app={revealed} onDone={onRevealDone} />}
        <ApiAppDetails app={app} />
        <Group gap="xs">
          <Button
            variant="light"
            size="xs"
            leftSection={<IconKey size={16} />}
            onClick={rotate}
            aria-label={`${t('app.rotate')}: ${app.name}`}
          >
            {t('app.rotate')}
          </Button>
          <Button
            variant="subtle"
            size="xs"
            leftSection={<IconList size={16} />}
            onClick={() => setLogOpen((open) => !open)}
            aria-expanded={logOpen}
          >
            {logOpen ? t('app.hideLog') : t('app.log')}
          </Button>
          <Button
            variant="subtle"
            color="red"
            size="xs"
            leftSection={<IconTrash size={16} />}
            onClick={askDelete}
            loading={remove.isPending}
            aria-label={`${t('app.delete')}: ${app.name}`}
          >
            {t('app.delete')}
          </Button>
        </Group>
        {logOpen && <PostbackLog app={app} />}
      </Stack>
    </Paper>
  );
}
