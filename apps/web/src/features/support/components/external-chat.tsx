import { Center, Loader, Stack, Text } from '@mantine/core';
import { useEffect } from 'react';
import { onSessionEnd } from '../../../lib/session';
import { useSupportTranslation } from '../i18n';

export const EXTERNAL_CHAT_SCRIPT_ID = 'sampada-external-chat';

/** Removes the external chat's script (the drawer closing, or logout). */
export function removeExternalChat() {
  document.getElementById(EXTERNAL_CHAT_SCRIPT_ID)?.remove();
}
onSessionEnd(removeExternalChat);

/**
 * The firm's external chat (settings `chat.script_url`, an https address an admin set): the
 * script is added once, told the profile's `service` as `data-project`, and removed again
 * when the widget closes or the session ends.
 */
export function ExternalChat({ src, project }: { src: string; project: string }) {
  const { t } = useSupportTranslation();
  useEffect(() => {
    removeExternalChat();
    const script = document.createElement('script');
    script.id = EXTERNAL_CHAT_SCRIPT_ID;
    script.src = src;
    script.async = true;
    script.dataset.project = project;
    document.body.appendChild(script);
    return removeExternalChat;
  }, [src, project]);
  return (
    <Stack data-testid="support-panel" data-external-chat={project}>
      <Center py="md">
        <Loader size="sm" />
      </Center>
      <Text size="sm" c="dimmed" ta="center">
        {t('external')}
      </Text>
    </Stack>
  );
}
