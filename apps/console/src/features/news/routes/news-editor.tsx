import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Button,
  Card,
  Grid,
  Group,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import {
  NEWS_SYMBOLS_MAX,
  type TNewsArticleInput,
  type TNewsArticleRequest,
  type TNewsArticleView,
  ZNewsArticleInput,
} from '@sampada/shared';
import { Controller, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useArticle, useArticleMutations } from '../api/articles';
import { ImageField } from '../../../components/image-field';
import { usePickedImage } from '../../../lib/picked-image';
import { NewsStatusBadge } from '../components/news-status-badge';

const EMPTY: TNewsArticleInput = {
  title: '',
  summary: '',
  body: '',
  symbols: [],
  source: '',
  link: '',
};

const formValuesOf = (a: TNewsArticleView): TNewsArticleInput => ({
  title: a.title,
  summary: a.summary,
  body: a.body,
  symbols: a.symbols,
  source: a.source,
  link: a.link ?? '',
});

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
  const navigate = useNavigate();
  const m = useArticleMutations();
  const form = useForm<TNewsArticleInput, unknown, TNewsArticleRequest>({
    resolver: zodResolver(ZNewsArticleInput),
    defaultValues: article ? formValuesOf(article) : EMPTY,
  });
  // A new article's picture waits in the browser until the first save gives it an id.
  const {
    file: pendingImage,
    preview: pendingPreview,
    setFile: setPendingImage,
  } = usePickedImage();

  const busy = m.create.isPending || m.update.isPending || m.move.isPending || m.upload.isPending;

  /** Saves the form (creating the article the first time) and answers what the server kept. */
  async function save(values: TNewsArticleRequest): Promise<TNewsArticleView> {
    if (article) return (await m.update.mutateAsync({ id: article.id, input: values })).data;
    const created = (await m.create.mutateAsync(values)).data;
    if (!pendingImage) return created;
    return (await m.upload.mutateAsync({ id: created.id, file: pendingImage })).data;
  }

  const afterSave = (saved: TNewsArticleView) => {
    form.reset(formValuesOf(saved));
    setPendingImage(null);
    if (!article) void navigate(paths.newsArticle(saved.id), { replace: true });
  };

  const saveDraft = form.handleSubmit(async (values) => {
    try {
      const saved = await save(values);
      notifySuccess(article ? 'Article saved.' : 'Draft saved.');
      afterSave(saved);
    } catch (error) {
      notifyError(error);
    }
  });

  const publish = form.handleSubmit(async (values) => {
    try {
      const saved = !article || form.formState.isDirty ? await save(values) : article;
      const published = (await m.move.mutateAsync({ id: saved.id, action: 'publish' })).data;
      notifySuccess('Article published.');
      afterSave(published);
    } catch (error) {
      notifyError(error);
    }
  });

  const unpublish = () =>
    article &&
    m.move.mutate(
      { id: article.id, action: 'unpublish' },
      { onSuccess: ({ message }) => notifySuccess(message), onError: notifyError },
    );

  const confirmDelete = () =>
    article &&
    modals.openConfirmModal({
      title: 'Delete this article?',
      children: (
        <Text size="sm">
          {article.imported
            ? 'It comes back at the next import while its feed still lists it. Unpublish it to hide it for good.'
            : 'Clients stop seeing it at once. This cannot be undone.'}
        </Text>
      ),
      labels: { confirm: 'Delete', cancel: 'Keep' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        m.remove.mutate(article.id, {
          onSuccess: ({ message }) => {
            notifySuccess(message);
            void navigate(paths.news);
          },
          onError: notifyError,
        }),
    });

  const pickImage = (file: File) => {
    if (!article) return setPendingImage(file);
    m.upload.mutate(
      { id: article.id, file },
      { onSuccess: ({ message }) => notifySuccess(message), onError: notifyError },
    );
  };
  const removeImage = () => {
    if (!article) return setPendingImage(null);
    m.removeImage.mutate(article.id, {
      onSuccess: ({ message }) => notifySuccess(message),
      onError: notifyError,
    });
  };

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
            <Card withBorder>
              <Stack>
                <TextInput
                  label="Title"
                  withAsterisk
                  {...form.register('title')}
                  error={errors.title?.message}
                />
                <Textarea
                  label="Summary"
                  description="Shown on the news list; needed to publish"
                  autosize
                  minRows={2}
                  {...form.register('summary')}
                  error={errors.summary?.message}
                />
                <Textarea
                  label="Body"
                  description="Plain text; leave a blank line between paragraphs. Needed to publish."
                  autosize
                  minRows={10}
                  {...form.register('body')}
                  error={errors.body?.message}
                />
                <Controller
                  control={form.control}
                  name="symbols"
                  render={({ field, fieldState }) => (
                    <TagsInput
                      label="Symbols"
                      description="Stocks the article is about, e.g. RELIANCE; press Enter after each"
                      maxTags={NEWS_SYMBOLS_MAX}
                      splitChars={[',', ' ']}
                      value={field.value ?? []}
                      onChange={(value) => field.onChange(value.map((s) => s.toUpperCase()))}
                      onBlur={field.onBlur}
                      error={fieldState.error?.message ?? errors.symbols?.[0]?.message}
                    />
                  )}
                />
                <Group grow align="flex-start">
                  <TextInput
                    label="Source"
                    placeholder="Sampada Research"
                    {...form.register('source')}
                    error={errors.source?.message}
                  />
                  <TextInput
                    label="Link to the original"
                    placeholder="https://…"
                    {...form.register('link')}
                    error={errors.link?.message}
                  />
                </Group>
              </Stack>
            </Card>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack>
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
                    <Button variant="light" color="orange" disabled={busy} onClick={unpublish}>
                      Unpublish
                    </Button>
                  ) : (
                    <Button color="teal" loading={busy} onClick={() => void publish()}>
                      Publish
                    </Button>
                  )}
                  {article ? (
                    <Button variant="subtle" color="red" disabled={busy} onClick={confirmDelete}>
                      Delete…
                    </Button>
                  ) : null}
                </Stack>
              </Card>
              <ImageField
                subject="article"
                src={pendingPreview ?? article?.image_url ?? null}
                pending={Boolean(pendingPreview)}
                busy={m.upload.isPending || m.removeImage.isPending}
                onPick={pickImage}
                onRemove={removeImage}
              />
            </Stack>
          </Grid.Col>
        </Grid>
      </form>
    </>
  );
}
