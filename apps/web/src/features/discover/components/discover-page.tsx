import { Anchor, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryState } from '../../../components/market/query-state';
import { paths } from '../../../config/paths';
import { themesQueryOptions } from '../api/get-themes';
import { useDiscoverTranslation } from '../i18n';
import { ThemeCard } from './theme-card';

/** /discover: curated themes with live constituents, company profiles, the score info. */
export function DiscoverPage() {
  const { t } = useDiscoverTranslation();
  const query = useQuery(themesQueryOptions());
  return (
    <Stack gap="lg" data-testid="discover-page">
      <Stack gap={4}>
        <Title order={1} size="h2">
          {t('title')}
        </Title>
        <Text c="dimmed">{t('intro')}</Text>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="discover-themes">
        <Title order={2} size="h3" id="discover-themes">
          {t('themes')}
        </Title>
        <QueryState
          isPending={query.isPending}
          isError={query.isError}
          onRetry={() => void query.refetch()}
          isEmpty={!query.data?.length}
          emptyText={t('themesEmpty')}
          rows={4}
        >
          <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
            {query.data?.map((theme) => (
              <ThemeCard key={theme.id} theme={theme} />
            ))}
          </SimpleGrid>
        </QueryState>
      </Stack>
      <Paper withBorder radius="md" p="md" data-testid="score-info-card">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <IconInfoCircle size={22} aria-hidden color="var(--mantine-color-teal-7)" />
          <Stack gap={4}>
            <Text fw={600}>{t('scoreTitle')}</Text>
            <Text size="sm" c="dimmed">
              {t('scoreText')}
            </Text>
            <Anchor component={Link} to={paths.scoreInfo} size="sm">
              {t('scoreLink')}
            </Anchor>
          </Stack>
        </Group>
      </Paper>
    </Stack>
  );
}
