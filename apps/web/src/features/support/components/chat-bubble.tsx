import { Box, Group, Image, Text } from '@mantine/core';
import type { TChatMessage } from '@sampada/shared';
import { IconCheck, IconChecks, IconClock } from '@tabler/icons-react';
import { formatTime } from '../../../lib/datetime';
import { useSupportTranslation } from '../i18n';

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
export function Bubble({
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
          <Text size="10px">{formatTime(message.created_at)}</Text>
          {mine ? <Marks status={message.status} /> : null}
        </Group>
      </Box>
    </Group>
  );
}
