import type { TApiAppWithSecret } from '@sampada/shared';
import { Alert, Button, Checkbox, Code, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { useDeveloperAppsTranslation } from '../i18n';

function Credential({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Code fz="sm" data-testid={testId} style={{ wordBreak: 'break-all' }}>
          {value}
        </Code>
        <CopyButton value={value} label={label} />
      </Group>
    </Stack>
  );
}

/**
 * The api_key and api_secret right after create or rotate, the only time the secret is shown:
 * the reader confirms they copied it before it goes (the recovery codes' pattern).
 */
export function SecretReveal({ app, onDone }: { app: TApiAppWithSecret; onDone: () => void }) {
  const { t } = useDeveloperAppsTranslation();
  const [saved, setSaved] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  // It appears where the app's card is, which may be below the fold on a phone.
  useEffect(() => {
    ref.current?.scrollIntoView?.({ block: 'nearest' });
    ref.current?.focus();
  }, []);
  return (
    <Alert
      ref={ref}
      tabIndex={-1}
      color="yellow"
      icon={<IconAlertTriangle size={20} />}
      title={t('secret.title')}
      data-testid="api-secret-reveal"
    >
      <Stack gap="sm">
        <Text size="sm">{t('secret.text')}</Text>
        <Credential label={t('secret.apiKey')} value={app.api_key} testId="revealed-api-key" />
        <Credential
          label={t('secret.apiSecret')}
          value={app.api_secret}
          testId="revealed-api-secret"
        />
        <Checkbox
          checked={saved}
          onChange={(event) => setSaved(event.currentTarget.checked)}
          label={t('secret.saved')}
        />
        <Button onClick={onDone} disabled={!saved} style={{ alignSelf: 'flex-start' }}>
          {t('secret.done')}
        </Button>
      </Stack>
    </Alert>
  );
}
