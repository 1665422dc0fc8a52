import { Anchor, Grid, Stack } from '@mantine/core';
import type { TNewsArticleView } from '@sampada/shared';
import { Link, useParams } from 'react-router';
import { ImageField } from '../../../components/image-field';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { useArticle } from '../api/articles';
import { ArticleFields } from './article-fields';
import { ArticleStatusCard } from './article-status-card';
import { useArticleEditor } from './use-article-editor';

/** /news/new and /news/:id: one editor for writing, publishing and removing an article. */
export function NewsEditorPage() {
  const { id } = useParams();
  const article = useArticle(id);
  if (!id) return <ArticleEditor article={null} />;
  return (
    <QueryState isPending={article.isPending} error={article.error}>
      {article.data ? <ArticleEditor key={article.data.id} article={article.data} /> : null}
    </QueryState>
  );
}

function ArticleEditor({ article }: { article: TNewsArticleView | null }) {
  const { form, m, image, busy, saveDraft, publish, unpublish, confirmDelete } =
    useArticleEditor(article);
  const { errors } = form.formState;
  return (
    <>
      <PageHeader
        title={article ? 'Edit article' : 'New article'}
        description={article ? article.title : 'Saved as a draft until you publish it'}
        actions={
          <Anchor component={Link} to={paths.news}>
            All articles
          </Anchor>
        }
      />
      <form onSubmit={saveDraft} noValidate>
        <Grid>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <ArticleFields form={form} errors={errors} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack>
              <ArticleStatusCard
                article={article}
                busy={busy}
                onPublish={() => void publish()}
                onUnpublish={unpublish}
                onDelete={confirmDelete}
              />
              <ImageField
                subject="article"
                src={image.pendingPreview ?? article?.image_url ?? null}
                pending={Boolean(image.pendingPreview)}
                busy={m.upload.isPending || m.removeImage.isPending}
                onPick={image.pickImage}
                onRemove={image.removeImage}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
    </>
  );
}
