import { Anchor, Badge, Box, Card, Group, Image, Stack, Text } from '@mantine/core';
import type { TNewsSummary } from '@sampada/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useNewsTranslation } from '../i18n';
import { formatPublishedAt, formatRelativeTime } from '../relative-time';

/** One article in the list: picture, title, summary, source and how long ago. */
export function NewsCard({ article }: { article: TNewsSummary }) {
  const { t, i18n } = useNewsTranslation();
  return (
    <Card withBorder radius="md" p="md" data-testid="news-card">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Anchor component={Link} to={paths.newsArticle(article.id)} fw={600} c="inherit" lh={1.3}>
            {article.title}
          </Anchor>
          {article.summary ? (
            <Text size="sm" c="dimmed" lineClamp={3}>
              {article.summary}
            </Text>
          ) : null}
          <Group gap={6} wrap="wrap">
            <Text size="xs" fw={500}>
              {article.source}
            </Text>
            <Text size="xs" c="dimmed">
              ·
            </Text>
            <Text
              size="xs"
              c="dimmed"
              component="time"
              dateTime={article.published_at}
              title={formatPublishedAt(article.published_at)}
            >
              {formatRelativeTime(article.published_at, {
                language: i18n.language,
                justNow: t('time.justNow'),
              })}
            </Text>
            {article.symbols.map((symbol) => (
              <Badge key={symbol} size="xs" variant="light">
                {symbol}
              </Badge>
            ))}
          </Group>
        </Stack>
        {article.image_url ? (
          <Box w={{ base: 96, sm: 160 }} style={{ flexShrink: 0 }}>
            <Image
              src={article.image_url}
              alt=""
              radius="sm"
              h={{ base: 72, sm: 100 }}
              fit="cover"
            />
          </Box>
        ) : null}
      </Group>
    </Card>
  );
}
