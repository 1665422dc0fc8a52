import {
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  Chip,
  Grid,
  Group,
  Image,
  ScrollArea,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import {
  formatPaise,
  mayAccess,
  type TChatMessage,
  type TInboxConversation,
  type TInboxFilter,
} from '@sampada/shared';
import { IconMessageCircle } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { StatusBadge } from '../../../components/kyc-status-badge';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { formatTime } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import {
  useAgents,
  useAssign,
  useCannedReplies,
  useClientContext,
  useConversations,
  useInboxCounts,
  useMarkRead,
  type TInboxCounts,
  useMove,
  useReply,
  useThread,
} from '../api/inbox';
import { useClientTyping } from '../api/live';
import { ThreadHeader } from './thread-header';
import { ThreadReply, useReplyDraft } from './thread-reply';

const FILTERS: { value: TInboxFilter; label: string }[] = [
  { value: 'open', label: 'Open' },
  { value: 'mine', label: 'Mine' },
  { value: 'unassigned', label: 'Unassigned' },
  { value: 'closed', label: 'Closed' },
];

/** "12 min", "3 h 5 min": how long the client has waited for an answer. */
export function waitingFor(since: string | null, now = Date.now()): string | null {
  if (!since) return null;
  const minutes = Math.max(0, Math.floor((now - new Date(since).getTime()) / 60_000));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ${minutes % 60} min`;
  return `${Math.floor(hours / 24)} days`;
}

function ConversationList({
  filter,
  selected,
}: {
  filter: TInboxFilter;
  selected: string | undefined;
}) {
  const list = useConversations(filter);
  return (
    <QueryState isPending={list.isPending} error={list.error}>
      <Stack gap={4}>
        {list.data?.items.length === 0 ? (
          <Text c="dimmed" size="sm" ta="center" py="lg">
            No conversations here.
          </Text>
        ) : null}
        {list.data?.items.map((c) => (
          <ConversationRow key={c.id} conversation={c} active={c.id === selected} />
        ))}
      </Stack>
    </QueryState>
  );
}

function ConversationRow({
  conversation: c,
  active,
}: {
  conversation: TInboxConversation;
  active: boolean;
}) {
  const waiting = waitingFor(c.waiting_since);
  return (
    <UnstyledButton
      component={Link}
      to={paths.inboxConversation(c.id)}
      data-testid="inbox-conversation"
      p="sm"
      style={{
        borderRadius: 8,
        background: active ? 'var(--mantine-color-indigo-0)' : undefined,
      }}
    >
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Text fw={c.unread ? 700 : 500} size="sm" truncate>
          {c.client_name ?? `UID ${c.client_uid}`}
        </Text>
        {c.unread ? (
          <Badge size="sm" circle color="red" data-testid="inbox-unread">
            {c.unread}
          </Badge>
        ) : null}
      </Group>
      <Text size="xs" c="dimmed" truncate>
        {c.last_text}
      </Text>
      <Group gap={6} mt={2}>
        {waiting ? (
          <Badge size="xs" color="orange" variant="light">
            waiting {waiting}
          </Badge>
        ) : null}
        <Text size="xs" c="dimmed">
          {c.assignee_name ?? 'unassigned'}
        </Text>
      </Group>
    </UnstyledButton>
  );
}

/** One message. The text is rendered as text: markup a client typed stays characters. */
function Bubble({ message }: { message: TChatMessage }) {
  const mine = message.author === 'staff';
  return (
    <Group justify={mine ? 'flex-end' : 'flex-start'} data-testid="inbox-message">
      <Box
        maw="80%"
        p="xs"
        style={{
          borderRadius: 10,
          background: mine ? 'var(--mantine-color-indigo-6)' : 'var(--mantine-color-gray-1)',
          color: mine ? 'white' : undefined,
        }}
      >
        {message.image_url ? (
          <Anchor href={message.image_url} target="_blank" rel="noreferrer">
            <Image src={message.image_url} alt="Image from the client" maw={240} radius="sm" />
          </Anchor>
        ) : null}
        {message.text ? (
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
            {message.text}
          </Text>
        ) : null}
        <Text size="xs" opacity={0.7} ta="right">
          {mine ? `${message.agent_name ?? ''} · ` : ''}
          {formatTime(message.created_at)}
          {mine ? ` · ${message.status}` : ''}
        </Text>
      </Box>
    </Group>
  );
}

function Thread({ id }: { id: string }) {
  const thread = useThread(id);
  const reply = useReply(id);
  const markRead = useMarkRead(id);
  const move = useMove(id);
  const assign = useAssign(id);
  const agents = useAgents();
  const canned = useCannedReplies();
  const current = useSession();
  const navigate = useNavigate();
  const draft = useReplyDraft(reply);
  const bottom = useRef<HTMLDivElement>(null);
  const pages = thread.data?.pages ?? [];
  const conversation = pages[0]?.conversation;
  const items = useMemo(() => [...pages].reverse().flatMap((p) => p.items), [pages]);
  const newest = items.at(-1)?.seq ?? 0;
  const typing = useClientTyping(conversation?.client_id ?? '');

  // Reading the newest page reads the client's messages: their unread count clears.
  useEffect(() => {
    if (conversation && conversation.unread > 0 && newest > 0) markRead.mutate(newest);
    bottom.current?.scrollIntoView({ block: 'end' });
  }, [newest, conversation?.unread]);

  return (
    <QueryState isPending={thread.isPending} error={thread.error}>
      {conversation ? (
        <Card withBorder p="sm">
          <ThreadHeader
            conversation={conversation}
            agents={agents}
            current={current}
            assign={assign}
            move={move}
            navigate={navigate}
          />{' '}
          <ScrollArea h={440} type="auto">
            <Stack gap="xs" pr="sm">
              {thread.hasNextPage ? (
                <Button
                  variant="subtle"
                  size="compact-xs"
                  onClick={() => void thread.fetchNextPage()}
                  loading={thread.isFetchingNextPage}
                >
                  Earlier messages
                </Button>
              ) : null}
              {items.map((m) => (
                <Bubble key={m.id} message={m} />
              ))}
              {typing ? (
                <Text size="xs" c="dimmed">
                  The client is typing…
                </Text>
              ) : null}
              <div ref={bottom} />
            </Stack>
          </ScrollArea>
          {conversation.status === 'open' ? (
            <ThreadReply id={id} canned={canned} reply={reply} draft={draft} />
          ) : (
            <Text size="sm" c="dimmed" mt="sm">
              Closed. Reopen it to reply; the client’s next message reopens it too.
            </Text>
          )}
        </Card>
      ) : null}
    </QueryState>
  );
}

function ClientContext({ id }: { id: string }) {
  const context = useClientContext(id);
  const c = context.data;
  return (
    <QueryState isPending={context.isPending} error={context.error}>
      {c ? (
        <Card withBorder p="sm" data-testid="client-context">
          <Stack gap="xs">
            <Anchor component={Link} to={paths.client(c.client_id)} fw={600}>
              {c.name ?? 'No name yet'}
            </Anchor>
            <Text size="xs" c="dimmed">
              UID {c.uid} · {c.mobile}
            </Text>
            <Group gap="xs">
              <StatusBadge status={c.kyc_status} />
              <Badge variant="light">VIP {c.vip}</Badge>
            </Group>
            <Text size="xs">Advisor: {c.advisor_name ?? '—'}</Text>
            <Text size="sm" fw={600} mt="xs">
              Open applications
            </Text>
            {c.open_applications.length === 0 ? <Text size="xs">None</Text> : null}
            {c.open_applications.map((a) => (
              <Text size="xs" key={a.id}>
                {a.product} · {formatPaise(a.amount_paise)} · {a.status}
              </Text>
            ))}
            <Text size="sm" fw={600} mt="xs">
              Recent orders
            </Text>
            {c.recent_orders.length === 0 ? <Text size="xs">None</Text> : null}
            {c.recent_orders.map((o) => (
              <Text size="xs" key={o.id}>
                {o.side} {o.quantity} {o.symbol} · {o.status}
              </Text>
            ))}
            <Text size="sm" fw={600} mt="xs">
              Recent funds
            </Text>
            {c.recent_funds.length === 0 ? <Text size="xs">None</Text> : null}
            {c.recent_funds.map((f) => (
              <Text size="xs" key={f.id}>
                {f.kind} · {formatPaise(f.amount_paise)} · {f.status}
              </Text>
            ))}
          </Stack>
        </Card>
      ) : null}
    </QueryState>
  );
}

/**
 * Open, Mine, Unassigned, Closed with their counts, as chips that wrap: a segmented control
 * clipped "Closed 40" in the inbox's narrow column at 1440 px.
 */
function InboxFilters({
  filter,
  onChange,
  counts,
}: {
  filter: TInboxFilter;
  onChange: (filter: TInboxFilter) => void;
  counts: TInboxCounts | undefined;
}) {
  return (
    <Chip.Group value={filter} onChange={(value) => onChange(value as TInboxFilter)}>
      <Group gap={6} role="radiogroup" aria-label="Conversations to show">
        {FILTERS.map((f) => (
          <Chip key={f.value} value={f.value} size="xs" data-testid={`inbox-filter-${f.value}`}>
            {f.label}
            {counts ? ` ${counts[f.value]}` : ''}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}

/** The support inbox: conversations by filter, one thread, the client beside it. */
export function InboxPage() {
  const { id } = useParams();
  const [filter, setFilter] = useState<TInboxFilter>('open');
  const counts = useInboxCounts();
  const current = useSession();
  const mayEdit = mayAccess(current?.staff.roles, 'cannedRepliesEdit');
  return (
    <>
      <PageHeader
        title="Support inbox"
        description="Clients’ chats: answer, assign, close"
        actions={
          mayEdit ? (
            <Button component={Link} to={paths.cannedReplies} variant="light">
              Canned replies
            </Button>
          ) : null
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 3 }} display={{ base: id ? 'none' : 'block', md: 'block' }}>
          <Stack gap="xs">
            <InboxFilters filter={filter} onChange={setFilter} counts={counts.data} />
            <ConversationList filter={filter} selected={id} />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          {id ? (
            <Thread key={id} id={id} />
          ) : (
            <Card withBorder>
              <Stack align="center" py="xl" c="dimmed">
                <IconMessageCircle size={32} />
                <Text size="sm">Choose a conversation.</Text>
              </Stack>
            </Card>
          )}
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 3 }}>{id ? <ClientContext id={id} /> : null}</Grid.Col>
      </Grid>
    </>
  );
}
