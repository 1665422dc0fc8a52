import { Box, Button, Stack, Text } from '@mantine/core';
import type { TChatConversation } from '@sampada/shared';
import { useSupportTranslation } from '../i18n';
import { Bubble } from './chat-bubble';
import type { TChatConversationView } from './use-chat-conversation';

/** The scrolling list: earlier pages, the messages, the outbox, who is typing, closed. */
export function ChatThread({
  view,
  conversation,
}: {
  view: TChatConversationView;
  conversation: TChatConversation;
}) {
  const { t } = useSupportTranslation();
  const { history, messages, waiting, agentTyping, top, bottom } = view;
  return (
    <Box
      style={{ flex: 1, overflowY: 'auto', minHeight: 240, maxHeight: '55vh' }}
      data-testid="chat-scroll"
    >
      <Stack gap={6} p={4}>
        <div ref={top} />
        {history.hasNextPage ? (
          <Button
            variant="subtle"
            size="compact-xs"
            onClick={() => void history.fetchNextPage()}
            loading={history.isFetchingNextPage}
          >
            {t('earlier')}
          </Button>
        ) : null}
        {messages.length === 0 && waiting.length === 0 ? (
          <Text size="sm" c="dimmed" ta="center" py="md">
            {t('empty')}
          </Text>
        ) : null}
        {messages.map((m) => (
          <Bubble key={m.id} message={m} />
        ))}
        {waiting.map((o) => (
          <Bubble
            key={o.id}
            pending
            message={{
              author: 'client',
              text: o.text,
              image_url: o.preview ?? o.image_url,
              created_at: o.created_at,
              status: 'pending',
            }}
          />
        ))}
        {agentTyping !== null ? (
          <Text size="xs" c="dimmed" data-testid="chat-typing">
            {t('typing', { name: agentTyping || t('someone') })}
          </Text>
        ) : null}
        {conversation.status === 'closed' ? (
          <Text size="xs" c="dimmed" ta="center">
            {t('closed')}
          </Text>
        ) : null}
        <div ref={bottom} />
      </Stack>
    </Box>
  );
}
