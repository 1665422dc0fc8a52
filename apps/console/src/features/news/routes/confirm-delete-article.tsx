import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TNewsArticleView } from '@sampada/shared';
import { notifyError, notifySuccess } from '../../../lib/notify';
import type { useArticleMutations } from '../api/articles';

/** Asks before deleting; an imported article comes back while its feed still lists it. */
export function confirmDeleteArticle(
  article: TNewsArticleView,
  m: ReturnType<typeof useArticleMutations>,
  onDeleted: () => void,
) {
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
          onDeleted();
        },
        onError: notifyError,
      }),
  });
}
