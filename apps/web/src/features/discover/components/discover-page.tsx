import { Stack, Text, Title } from '@mantine/core';
import { useDiscoverTranslation } from '../i18n';

/** /discover. */
export function DiscoverPage() {
  const { t } = useDiscoverTranslation();
  return (
    <Stack gap="md" data-testid="discover-page">
      <Title order={1} size="h2">
        {t('title')}
      </Title>
      <Text c="dimmed">{t('intro')}</Text>
    </Stack>
  );
}
