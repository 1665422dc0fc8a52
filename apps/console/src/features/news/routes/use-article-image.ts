import type { TNewsArticleView } from '@sampada/shared';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePickedImage } from '../../../lib/picked-image';
import type { useArticleMutations } from '../api/articles';

/**
 * The article's picture: a saved article's is uploaded or removed at once; a new article's
 * waits in the browser until the first save gives it an id.
 */
export function useArticleImage(
  article: TNewsArticleView | null,
  m: ReturnType<typeof useArticleMutations>,
) {
  const {
    file: pendingImage,
    preview: pendingPreview,
    setFile: setPendingImage,
  } = usePickedImage();

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
  return { pendingImage, pendingPreview, setPendingImage, pickImage, removeImage };
}
