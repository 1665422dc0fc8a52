import { Anchor, Code, Group, Stack, Text, Title } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { CopyButton } from '../../../components/copy-button';
import { useDeveloperAppsTranslation } from '../i18n';

/** This server's addresses as a program must be given them (docs/api-connect.md). */
function addressesHere() {
  const { origin, protocol, host } = window.location;
  return {
    rest: `${origin}/connect`,
    login: `${origin}/connect/login?api_key=API_KEY&v=3`,
    ticker: `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/connect/ws`,
  };
}

function Address({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap={4} wrap="nowrap" align="flex-start">
        <Code style={{ wordBreak: 'break-all' }}>{value}</Code>
        <CopyButton value={value} label={label} />
      </Group>
    </Stack>
  );
}

/** How a program reaches the API: the roots to configure, and the API reference. */
export function ConnectGuide() {
  const { t } = useDeveloperAppsTranslation();
  const here = addressesHere();
  return (
    <Stack gap="sm" component="section" aria-labelledby="connect-guide-title">
      <Title order={3} size="h5" id="connect-guide-title">
        {t('guide.title')}
      </Title>
      <Text size="sm">{t('guide.text')}</Text>
      <Address label={t('guide.rest')} value={here.rest} />
      <Address label={t('guide.login')} value={here.login} />
      <Address label={t('guide.ticker')} value={here.ticker} />
      <Text size="sm">
        <Anchor href="/docs" target="_blank" rel="noopener" inline>
          {t('guide.reference')} <IconExternalLink size={14} aria-hidden />
        </Anchor>{' '}
        <Text span size="sm" c="dimmed">
          {t('guide.referenceHint')}
        </Text>
      </Text>
    </Stack>
  );
}
