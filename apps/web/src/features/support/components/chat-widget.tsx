import {
  ActionIcon,
  Alert,
  Box,
  Button,
  Center,
  Divider,
  FileButton,
  Group,
  Image,
  Loader,
  Stack,
  Text,
  Textarea,
} from '@mantine/core';
import {
  BUILTIN_CHAT_SERVICE,
  CHAT_TEXT_MAX,
  type TChatConversation,
  type TChatMessage,
} from '@sampada/shared';
import { IconCheck, IconChecks, IconClock, IconPhoto, IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { apiUpload } from '../../../lib/api-client';
import { toastError } from '../../../lib/notify';
import { queryKeys } from '../../../lib/query-keys';
import { useSupportTranslation } from '../i18n';
import {
  flushOutbox,
  markRead,
  outboxStore,
  type TOutboxItem,
  useChatHistory,
  useChatLive,
  useOutbox,
} from '../api/chat';
import { getQuotesSocket } from '../../../lib/market/live-quotes';
import { useIsPhone } from '../../../lib/use-is-phone';
import { SupportContacts } from './support-contacts';
import { ExternalChat } from './external-chat';

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

function Marks({ status }: { status: TChatMessage['status'] | 'pending' }) {
  const { t } = useSupportTranslation();
  if (status === 'pending')
    return <IconClock size={12} aria-label={t('sending')} data-status="pending" />;
  if (status === 'sent') return <IconCheck size={12} aria-label={t('sent')} data-status="sent" />;
  return (
    <IconChecks
      size={12}
      aria-label={t(status)}
      data-status={status}
      color={status === 'read' ? 'var(--mantine-color-cyan-3)' : undefined}
    />
  );
}

/** One message. Its text is rendered as text: markup anyone typed stays characters. */
function Bubble({
  message,
  pending,
}: {
  message: Pick<TChatMessage, 'text' | 'image_url' | 'created_at'> & {
    author: 'client' | 'staff';
    agent_name?: string | null;
    status: TChatMessage['status'] | 'pending';
  };
  pending?: boolean;
}) {
  const { t } = useSupportTranslation();
  const mine = message.author === 'client';
  return (
    <Group
      justify={mine ? 'flex-end' : 'flex-start'}
      data-testid="chat-message"
      data-author={message.author}
    >
      <Box
        maw="82%"
        px="sm"
        py={6}
        style={{
          borderRadius: 12,
          background: mine ? 'var(--mantine-color-blue-6)' : 'var(--mantine-color-gray-1)',
          color: mine ? 'white' : undefined,
          opacity: pending ? 0.75 : 1,
        }}
      >
        {!mine && message.agent_name ? (
          <Text size="xs" fw={600} c="blue.8">
            {message.agent_name}
          </Text>
        ) : null}
        {message.image_url ? (
          <Image src={message.image_url} alt={t('image')} maw={220} radius="sm" my={4} />
        ) : null}
        {message.text ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {message.text}
          </Text>
        ) : null}
        <Group gap={4} justify="flex-end" opacity={0.75}>
          <Text size="10px">
            {new Date(message.created_at).toLocaleTimeString('en-IN', {
              hour: '2-digit',
              minute: '2-digit',
            })}
          </Text>
          {mine ? <Marks status={message.status} /> : null}
        </Group>
      </Box>
    </Group>
  );
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
  const client = useQueryClient();
  const history = useChatHistory();
  const outbox = useOutbox();
  const [text, setText] = useState('');
  const [uploading, setUploading] = useState(false);
  const [agentTyping, setAgentTyping] = useState<string | null>(null);
  const [online, setOnline] = useState(() => navigator.onLine !== false);
  const typingTimer = useRef<number | undefined>(undefined);
  const lastTypingSent = useRef(0);
  const bottom = useRef<HTMLDivElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const readMark = useRef(0);
  const isPhone = useIsPhone();

  const onAgentTyping = useCallback((name: string | null) => {
    window.clearTimeout(typingTimer.current);
    if (name === null) return setAgentTyping(null);
    setAgentTyping(name);
    typingTimer.current = window.setTimeout(() => setAgentTyping(null), 5000);
  }, []);
  useChatLive(onAgentTyping);

  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      window.clearTimeout(typingTimer.current);
    };
  }, []);

  const pages = history.data?.pages;
  const conversation = pages?.[0]?.conversation;
  const messages = useMemo(
    () => (pages ? [...pages].reverse().flatMap((p) => p.items) : []),
    [pages],
  );
  const stored = useMemo(() => new Set(messages.map((m) => m.id)), [messages]);
  const waiting = outbox.filter((o) => !stored.has(o.id));
  const newestStaff = messages.filter((m) => m.author === 'staff').at(-1)?.seq ?? 0;
  const newestKey = `${messages.at(-1)?.id ?? ''}:${waiting.length}:${agentTyping ?? ''}`;

  // What is on screen is read: the server's mark moves and the badges clear.
  useEffect(() => {
    if (!newestStaff || newestStaff <= readMark.current) return;
    readMark.current = newestStaff;
    markRead(newestStaff)
      .then(() => client.invalidateQueries({ queryKey: queryKeys.chat.unread }))
      .catch(() => {
        readMark.current = 0;
      });
  }, [newestStaff, client]);

  useEffect(() => {
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newestKey]);

  // Infinite scroll: reaching the top loads the page before.
  useEffect(() => {
    const sentinel = top.current;
    if (!sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting) && history.hasNextPage && !history.isFetching)
        void history.fetchNextPage();
    });
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [history]);

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
          onChange={(event) => {
            setText(event.currentTarget.value);
            const now = Date.now();
            if (now - lastTypingSent.current > 2000) {
              lastTypingSent.current = now;
              getQuotesSocket().sendChatTyping();
            }
          }}
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
      <Divider label={t('otherWays')} labelPosition="center" mt="xs" />
      <SupportContacts />
    </Stack>
  );
}
