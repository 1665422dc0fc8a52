import { Badge, Group } from '@mantine/core';
import type { TNewsArticleView } from '@sampada/shared';

/** Draft or published, and whether the article came from a feed. */
export function NewsStatusBadge({
  article,
}: {
  article: Pick<TNewsArticleView, 'status' | 'imported'>;
}) {
  return (
    <Group gap={4} wrap="nowrap">
      <Badge variant="light" color={article.status === 'published' ? 'teal' : 'gray'}>
        {article.status === 'published' ? 'Published' : 'Draft'}
      </Badge>
      {article.imported ? (
        <Badge variant="outline" color="blue">
          Imported
        </Badge>
      ) : null}
    </Group>
  );
}
