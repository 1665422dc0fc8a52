import { ActionIcon, FileButton, Group, Text, Textarea } from '@mantine/core';
import { CHAT_TEXT_MAX } from '@sampada/shared';
import { IconPhoto, IconSend } from '@tabler/icons-react';
import { useIsPhone } from '../../../lib/use-is-phone';
import { useSupportTranslation } from '../i18n';
import type { TChatComposer } from './use-chat-composer';

/** Attach an image, type (Enter sends, Shift+Enter a new line), send; a counter near the limit. */
export function ChatComposer({ composer }: { composer: TChatComposer }) {
  const { t } = useSupportTranslation();
  const isPhone = useIsPhone();
  const { text, uploading, send, attach, type } = composer;
  return (
    <>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <FileButton onChange={(file) => void attach(file)} accept="image/*">
          {(props) => (
            <ActionIcon
              {...props}
              variant="light"
              size="lg"
              aria-label={t('attach')}
              loading={uploading}
              data-testid="chat-attach"
            >
              <IconPhoto size={18} />
            </ActionIcon>
          )}
        </FileButton>
        <Textarea
          style={{ flex: 1 }}
          // 16 px on a phone: a smaller field makes mobile Safari zoom the page when focused.
          size={isPhone ? 'md' : 'sm'}
          aria-label={t('placeholder')}
          placeholder={t('placeholder')}
          autosize
          minRows={1}
          maxRows={5}
          maxLength={CHAT_TEXT_MAX}
          value={text}
          onChange={type}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              send();
            }
          }}
        />
        <ActionIcon
          size="lg"
          onClick={send}
          disabled={!text.trim()}
          aria-label={t('send')}
          data-testid="chat-send"
        >
          <IconSend size={18} />
        </ActionIcon>
      </Group>
      {text.length > CHAT_TEXT_MAX - 200 ? (
        <Text size="xs" c="dimmed" ta="right">
          {t('counter', { count: text.length, max: CHAT_TEXT_MAX })}
        </Text>
      ) : null}
    </>
  );
}
