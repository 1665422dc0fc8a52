import { Badge, Button, Group, Select, Text } from '@mantine/core';
import type { TInboxConversation } from '@sampada/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import type { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { notifyError } from '../../../lib/notify';
import type { useSession } from '../../../lib/session';
import type { useAgents, useAssign, useMove } from '../api/inbox';

/** Who the conversation is with, who answers it, and closing or reopening it. */
export function ThreadHeader({
  conversation,
  agents,
  current,
  assign,
  move,
  navigate,
}: {
  conversation: TInboxConversation;
  agents: ReturnType<typeof useAgents>;
  current: ReturnType<typeof useSession>;
  assign: ReturnType<typeof useAssign>;
  move: ReturnType<typeof useMove>;
  navigate: ReturnType<typeof useNavigate>;
}) {
  return (
    <Group justify="space-between" mb="xs" wrap="wrap">
      <Group gap="xs">
        <Button
          variant="subtle"
          size="compact-sm"
          hiddenFrom="md"
          leftSection={<IconArrowLeft size={14} />}
          onClick={() => void navigate(paths.inbox)}
        >
          Back
        </Button>
        <Text fw={600}>{conversation.client_name ?? `UID ${conversation.client_uid}`}</Text>
        <Badge color={conversation.status === 'open' ? 'green' : 'gray'}>
          {conversation.status}
        </Badge>
      </Group>
      <Group gap="xs">
        <Select
          aria-label="Assignee"
          placeholder="Unassigned"
          size="xs"
          w={180}
          clearable
          data={[
            ...(agents.data ?? []).map((a) => ({ value: a.id, label: a.name })),
            ...(current && !agents.data?.some((a) => a.id === current.staff.id)
              ? [{ value: current.staff.id, label: `${current.staff.name} (me)` }]
              : []),
          ]}
          value={conversation.assignee_id}
          onChange={(value) => assign.mutate(value, { onError: notifyError })}
        />
        <Button
          size="xs"
          variant="light"
          color={conversation.status === 'open' ? 'gray' : 'green'}
          loading={move.isPending}
          onClick={() =>
            move.mutate(conversation.status === 'open' ? 'close' : 'reopen', {
              onError: notifyError,
            })
          }
        >
          {conversation.status === 'open' ? 'Close' : 'Reopen'}
        </Button>
      </Group>
    </Group>
  );
}
