import { Button, Group, Menu, Stack, Textarea } from '@mantine/core';
import { CHAT_TEXT_MAX } from '@sampada/shared';
import { useState } from 'react';
import { notifyError } from '../../../lib/notify';
import type { useCannedReplies, useReply } from '../api/inbox';
import { sendTyping } from '../api/live';

/** The reply being written, and the canned reply it started from. */
export function useReplyDraft(reply: ReturnType<typeof useReply>) {
  const [text, setText] = useState('');
  const [cannedId, setCannedId] = useState<string | null>(null);

  const send = () => {
    const body = text.trim();
    if (!body) return;
    reply.mutate(
      { id: crypto.randomUUID(), text: body, canned_reply_id: cannedId },
      {
        onSuccess: () => {
          // The reply can show in the thread (over the socket) before this answer arrives: what
          // the agent has typed since is the next message, not this one, and stays.
          setText((current) => (current.trim() === body ? '' : current));
          setCannedId((current) => (current === cannedId ? null : current));
        },
        onError: notifyError,
      },
    );
  };
  return { text, setText, setCannedId, send };
}

/** The reply box of an open conversation: canned replies, the text, and Send. */
export function ThreadReply({
  id,
  canned,
  reply,
  draft: { text, setText, setCannedId, send },
}: {
  id: string;
  canned: ReturnType<typeof useCannedReplies>;
  reply: ReturnType<typeof useReply>;
  draft: ReturnType<typeof useReplyDraft>;
}) {
  return (
    <Stack gap="xs" mt="sm">
      <Group gap="xs">
        <Menu position="top-start">
          <Menu.Target>
            <Button size="compact-sm" variant="light" data-testid="canned-replies">
              Canned replies
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {(canned.data ?? []).length === 0 ? <Menu.Label>None yet</Menu.Label> : null}
            {(canned.data ?? []).map((c) => (
              <Menu.Item
                key={c.id}
                onClick={() => {
                  setText(c.text);
                  setCannedId(c.id);
                }}
              >
                {c.title}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Textarea
        aria-label="Reply"
        placeholder="Write a reply"
        autosize
        minRows={2}
        maxRows={6}
        maxLength={CHAT_TEXT_MAX}
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          sendTyping(id);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter' && !event.shiftKey) {
            event.preventDefault();
            send();
          }
        }}
      />
      <Group justify="flex-end">
        <Button onClick={send} loading={reply.isPending} disabled={!text.trim()}>
          Send
        </Button>
      </Group>
    </Stack>
  );
}
