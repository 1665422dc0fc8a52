import { zodResolver } from '@hookform/resolvers/zod';
import {
  type TNewsArticleInput,
  type TNewsArticleRequest,
  type TNewsArticleView,
  ZNewsArticleInput,
} from '@sampada/shared';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useArticleMutations } from '../api/articles';
import { confirmDeleteArticle } from './confirm-delete-article';
import { useArticleImage } from './use-article-image';

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

/** The editor's form and what its buttons do: save a draft, publish, unpublish, delete. */
export function useArticleEditor(article: TNewsArticleView | null) {
  const navigate = useNavigate();
  const m = useArticleMutations();
  const form = useForm<TNewsArticleInput, unknown, TNewsArticleRequest>({
    resolver: zodResolver(ZNewsArticleInput),
    defaultValues: article ? formValuesOf(article) : EMPTY,
  });
  const image = useArticleImage(article, m);
  const { pendingImage, setPendingImage } = image;

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
    article && confirmDeleteArticle(article, m, () => void navigate(paths.news));

  return { form, m, image, busy, saveDraft, publish, unpublish, confirmDelete };
}
