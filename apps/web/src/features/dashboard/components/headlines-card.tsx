import { Anchor, Box, Group, Image, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryState } from '../../../components/market/query-state';
import { SectionCard } from '../../../components/market/section-card';
import { paths } from '../../../config/paths';
import { headlinesQueryOptions } from '../api/get-headlines';
import { useDashboardTranslation } from '../i18n';
import { formatDateTime } from '../../../lib/datetime';

const HEADLINES = 3;
/** Three headlines as they usually stand: two-line titles on a phone, one line from `md`. */
const HEADLINES_HEIGHT = { base: 236, md: 171 };

const published = (iso: string) =>
  Number.isNaN(new Date(iso).getTime()) ? '' : formatDateTime(iso);

/** The three newest articles, each linking to its page in News. */
export function HeadlinesCard() {
  const { t } = useDashboardTranslation();
  const query = useQuery(headlinesQueryOptions(HEADLINES));
  const articles = query.data?.items ?? [];
  return (
    <SectionCard title={t('headlines.title')} testId="headlines-card">
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        isEmpty={articles.length === 0}
        emptyText={t('headlines.empty')}
        rows={HEADLINES}
        height={HEADLINES_HEIGHT}
      >
        <Stack gap="sm" component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {articles.map((article) => (
            <Box component="li" key={article.id}>
              <Group gap="sm" wrap="nowrap" align="flex-start">
                {article.image_url && (
                  <Image
                    src={article.image_url}
                    alt=""
                    w={64}
                    h={48}
                    radius="sm"
                    loading="lazy"
                    style={{ flexShrink: 0 }}
                  />
                )}
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Anchor
                    component={Link}
                    to={paths.newsArticle(article.id)}
                    fw={600}
                    size="sm"
                    lineClamp={2}
                    data-testid={`headline-${article.id}`}
                  >
                    {article.title}
                  </Anchor>
                  <Text size="xs" c="dimmed">
                    {article.source} · {published(article.published_at)}
                  </Text>
                </Stack>
              </Group>
            </Box>
          ))}
        </Stack>
      </QueryState>
    </SectionCard>
  );
}
