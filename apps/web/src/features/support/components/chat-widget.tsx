import { Alert, Button, Center, Divider, Loader, Stack, Text } from '@mantine/core';
import { BUILTIN_CHAT_SERVICE, type TChatConversation } from '@sampada/shared';
import { useSupportTranslation } from '../i18n';
import { ChatComposer } from './chat-composer';
import { ChatThread } from './chat-thread';
import { ExternalChat } from './external-chat';
import { SupportContacts } from './support-contacts';
import { useChatComposer } from './use-chat-composer';
import { useChatConversation } from './use-chat-conversation';

const DAY_NAMES = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** "Mon–Sat" for consecutive days, else a list. */
export function formatDays(days: number[]): string {
  const sorted = [...days].sort((a, b) => a - b);
  if (sorted.length === 0) return '—';
  const consecutive = sorted.every((d, i) => i === 0 || d === sorted[i - 1]! + 1);
  if (consecutive && sorted.length > 2)
    return `${DAY_NAMES[sorted[0]! - 1]}–${DAY_NAMES[sorted.at(-1)! - 1]}`;
  return sorted.map((d) => DAY_NAMES[d - 1]).join(', ');
}

function DeskStatus({ conversation }: { conversation: TChatConversation }) {
  const { t } = useSupportTranslation();
  const { office_hours: hours } = conversation;
  return (
    <Text size="xs" c="dimmed" data-testid="chat-desk-status">
      {conversation.open_now
        ? t('online', { minutes: conversation.reply_minutes })
        : t('offline', { days: formatDays(hours.days), open: hours.open, close: hours.close })}
    </Text>
  );
}

/**
 * Customer Service: the built-in chat with the firm's agents (docs/api-support.md), or the
 * external chat script the firm configured. Loaded as its own chunk 300 ms after the drawer
 * item is chosen; logout removes it with the drawer.
 */
export function ChatWidget() {
  const { t } = useSupportTranslation();
  const view = useChatConversation();
  const composer = useChatComposer();
  const { history, conversation, online } = view;

  if (history.isPending)
    return (
      <Center py="xl">
        <Loader size="sm" />
      </Center>
    );
  if (history.isError || !conversation)
    return (
      <Stack gap="sm" data-testid="support-panel">
        <Text c="red.7">{t('loadFailed')}</Text>
        <Button variant="light" onClick={() => void history.refetch()}>
          {t('retry')}
        </Button>
        <SupportContacts />
      </Stack>
    );
  if (conversation.service !== BUILTIN_CHAT_SERVICE && conversation.script_url)
    return <ExternalChat src={conversation.script_url} project={conversation.service} />;

  return (
    <Stack gap="xs" h="100%" data-testid="support-panel">
      <Stack gap={0}>
        <Text fw={600}>
          {conversation.agent_name ? t('agent', { name: conversation.agent_name }) : t('chatTitle')}
        </Text>
        <DeskStatus conversation={conversation} />
      </Stack>
      {!online ? (
        <Alert color="yellow" p="xs">
          <Text size="xs">{t('offlineNote')}</Text>
        </Alert>
      ) : null}
      <ChatThread view={view} conversation={conversation} />
      <ChatComposer composer={composer} />
      <Divider label={t('otherWays')} labelPosition="center" mt="xs" />
      <SupportContacts />
    </Stack>
  );
}
