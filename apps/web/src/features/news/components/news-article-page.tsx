import { Alert, Anchor, Badge, Group, Image, Loader, Stack, Text, Title } from '@mantine/core';
import { IconArrowLeft, IconExternalLink } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { ImageViewer } from '../../../components/image-viewer';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useArticle } from '../api/get-article';
import { useNewsTranslation } from '../i18n';
import { formatPublishedAt, formatRelativeTime } from '../relative-time';

const hostOf = (link: string) => {
  try {
    return new URL(link).host;
  } catch {
    return link;
  }
};

/** The source, and when it was published: the time and how long ago. */
function ArticleByline({ source, publishedAt }: { source: string; publishedAt: string }) {
  const { t, i18n } = useNewsTranslation();
  return (
    <Group gap={6}>
      <Text size="sm" fw={500}>
        {source}
      </Text>
      <Text size="sm" c="dimmed">
        ·
      </Text>
      <Text size="sm" c="dimmed" component="time" dateTime={publishedAt}>
        {formatPublishedAt(publishedAt)} (
        {formatRelativeTime(publishedAt, {
          language: i18n.language,
          justNow: t('time.justNow'),
        })}
        )
      </Text>
    </Group>
  );
}

/** The stocks the article is about, each a link to their news. */
function RelatedSymbols({ symbols }: { symbols: string[] }) {
  const { t } = useNewsTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={600}>
        {t('related')}
      </Text>
      <Group gap="xs">
        {symbols.map((symbol) => (
          <Badge
            key={symbol}
            component={Link}
            to={`${paths.news}?symbol=${encodeURIComponent(symbol)}`}
            variant="light"
            size="lg"
            radius="xl"
            style={{ cursor: 'pointer' }}
            aria-label={t('aboutSymbol', { symbol })}
          >
            {symbol}
          </Badge>
        ))}
      </Group>
    </Stack>
  );
}

/** /news/:id: one article; its picture opens in the image viewer with zoom. */
export function NewsArticlePage() {
  const { t } = useNewsTranslation();
  const { id = '' } = useParams();
  const article = useArticle(id);

  const back = (
    <Anchor component={Link} to={paths.news} size="sm">
      <Group gap={4}>
        <IconArrowLeft size={16} />
        {t('allNews')}
      </Group>
    </Anchor>
  );

  if (article.isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader aria-label={t('title')} />
      </Group>
    );
  }
  if (article.isError) {
    const missing = isApiError(article.error) && article.error.status === 404;
    return (
      <Stack gap="md">
        {back}
        <Alert color={missing ? 'gray' : 'red'} title={missing ? undefined : t('loadFailed')}>
          {missing ? t('notFound') : article.error.message}
        </Alert>
      </Stack>
    );
  }

  const a = article.data;
  const paragraphs = a.body.split(/\n\s*\n/).filter((p) => p.trim());
  return (
    <Stack gap="md" component="article" data-testid="news-article" maw={760}>
      {back}
      <Title order={1} size="h2">
        {a.title}
      </Title>
      <ArticleByline source={a.source} publishedAt={a.published_at} />
      {a.image_url ? (
        <ImageViewer src={a.image_url} alt={a.title}>
          <Image src={a.image_url} alt={a.title} radius="md" mah={420} fit="cover" />
        </ImageViewer>
      ) : null}
      {paragraphs.map((paragraph, index) => (
        <Text key={index} style={{ whiteSpace: 'pre-line' }}>
          {paragraph}
        </Text>
      ))}
      {a.link ? (
        <Anchor href={a.link} target="_blank" rel="noopener noreferrer nofollow">
          <Group gap={4}>
            {t('readOriginal', { host: hostOf(a.link) })}
            <IconExternalLink size={16} />
          </Group>
        </Anchor>
      ) : null}
      {a.symbols.length ? <RelatedSymbols symbols={a.symbols} /> : null}
    </Stack>
  );
}
