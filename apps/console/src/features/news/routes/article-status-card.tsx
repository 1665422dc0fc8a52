import { Button, Card, Stack, Text, Title } from '@mantine/core';
import type { TNewsArticleView } from '@sampada/shared';
import { formatDateTime } from '../../../lib/format';
import { NewsStatusBadge } from '../components/news-status-badge';

/** Where the article stands, and the buttons that move it. */
export function ArticleStatusCard({
  article,
  busy,
  onPublish,
  onUnpublish,
  onDelete,
}: {
  article: TNewsArticleView | null;
  busy: boolean;
  onPublish: () => void;
  onUnpublish: () => void;
  onDelete: () => void;
}) {
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Status
      </Title>
      <Stack gap="xs">
        {article ? (
          <>
            <span data-testid="article-status">
              <NewsStatusBadge article={article} />
            </span>
            <Text size="sm">Published: {formatDateTime(article.published_at)}</Text>
            <Text size="sm" c="dimmed">
              {article.created_by ? `Written by ${article.created_by}` : 'From a feed'}
              {' · '}changed {formatDateTime(article.updated_at)}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Not saved yet.
          </Text>
        )}
        <Button type="submit" variant="default" loading={busy} mt="xs">
          Save draft
        </Button>
        {article?.status === 'published' ? (
          <Button variant="light" color="orange" disabled={busy} onClick={onUnpublish}>
            Unpublish
          </Button>
        ) : (
          <Button color="teal" loading={busy} onClick={onPublish}>
            Publish
          </Button>
        )}
        {article ? (
          <Button variant="subtle" color="red" disabled={busy} onClick={onDelete}>
            Delete…
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}
