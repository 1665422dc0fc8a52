import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState, type ChangeEvent } from 'react';
import { apiUpload } from '../../../lib/api-client';
import { getQuotesSocket } from '../../../lib/market/live-quotes';
import { toastError } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { flushOutbox, outboxStore, type TOutboxItem } from '../api/chat';
import { useSupportTranslation } from '../i18n';

/** The text being typed, sending it or an image through the outbox, and the typing signal. */
export function useChatComposer() {
  const { t } = useSupportTranslation();
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [uploading, setUploading] = useState(false);
  const lastTypingSent = useRef(0);

  const merge = useCallback(
    () => void client.invalidateQueries({ queryKey: queryKeys.chat.history }),
    [client],
  );

  function enqueue(item: Omit<TOutboxItem, 'id' | 'created_at'>) {
    outboxStore.add({ ...item, id: crypto.randomUUID(), created_at: new Date().toISOString() });
    void flushOutbox(() => merge());
  }

  const send = () => {
    const body = text.trim();
    if (!body) return;
    enqueue({ text: body, image_url: null });
    setText('');
  };

  async function attach(file: File | null) {
    if (!file) return;
    if (!navigator.onLine) return toastError(t('imageOffline'));
    setUploading(true);
    try {
      const { url } = await apiUpload<{ url: string }>('/client/app/v1/image', file, file.name, {
        silent: true,
      });
      enqueue({ text: '', image_url: url, preview: URL.createObjectURL(file) });
    } catch (error) {
      toastError(error instanceof Error ? error.message : t('loadFailed'));
    } finally {
      setUploading(false);
    }
  }

  const type = (event: ChangeEvent<HTMLTextAreaElement>) => {
    setText(event.currentTarget.value);
    const now = Date.now();
    if (now - lastTypingSent.current > 2000) {
      lastTypingSent.current = now;
      getQuotesSocket().sendChatTyping();
    }
  };

  return { text, uploading, send, attach, type };
}

export type TChatComposer = ReturnType<typeof useChatComposer>;
