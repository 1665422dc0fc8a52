import { Alert, Button, CloseButton, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { useArticles } from '../api/get-articles';
import { useNewsTranslation } from '../i18n';
import { NewsCard } from './news-card';

/**
 * News (menu component 'news/list'): published articles, newest first, twenty at a time with
 * "Load more"; `?symbol=RELIANCE` keeps those about one stock.
 */
export default function NewsListPage() {
  const { t } = useNewsTranslation();
  const [params, setParams] = useSearchParams();
  const symbol = params.get('symbol')?.trim().toUpperCase() || null;
  const articles = useArticles(symbol);
  const items = articles.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Stack gap="md" data-testid="news-page">
      <Group justify="space-between" align="center">
        <Title order={1} size="h2">
          {symbol ? t('aboutSymbol', { symbol }) : t('title')}
        </Title>
        {symbol ? (
          <Group gap={4}>
            <Text size="sm">{t('allNews')}</Text>
            <CloseButton aria-label={t('allNews')} onClick={() => setParams({})} />
          </Group>
        ) : null}
      </Group>
      {articles.isPending ? (
        <Group justify="center" py="xl">
          <Loader aria-label={t('title')} />
        </Group>
      ) : articles.isError ? (
        <Alert color="red" title={t('loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{articles.error.message}</Text>
            <Button size="xs" variant="light" onClick={() => void articles.refetch()}>
              {t('retry')}
            </Button>
          </Stack>
        </Alert>
      ) : items.length === 0 ? (
        <Text c="dimmed">{symbol ? t('emptyForSymbol', { symbol }) : t('empty')}</Text>
      ) : (
        <>
          {items.map((article) => (
            <NewsCard key={article.id} article={article} />
          ))}
          {articles.hasNextPage ? (
            <Button
              variant="light"
              loading={articles.isFetchingNextPage}
              onClick={() => void articles.fetchNextPage()}
              style={{ alignSelf: 'center' }}
            >
              {t('loadMore')}
            </Button>
          ) : (
            <Text size="sm" c="dimmed" ta="center">
              {t('end')}
            </Text>
          )}
          {articles.isFetchNextPageError ? (
            <Text size="sm" c="red" ta="center">
              {t('loadFailed')}
            </Text>
          ) : null}
        </>
      )}
    </Stack>
  );
}
