import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Card, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { CHAT_TEXT_MAX, type TCannedReply, ZCannedReplyInput } from '@sampada/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCannedReplies, useDeleteCanned, useSaveCanned } from '../api/inbox';

type Input = z.infer<typeof ZCannedReplyInput>;

function CannedForm({ reply, onDone }: { reply: TCannedReply | null; onDone: () => void }) {
  const save = useSaveCanned();
  const form = useForm<Input>({
    resolver: zodResolver(ZCannedReplyInput),
    defaultValues: { title: reply?.title ?? '', text: reply?.text ?? '' },
  });
  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id: reply?.id ?? null, input },
      {
        onSuccess: () => {
          notifySuccess('Saved');
          form.reset({ title: '', text: '' });
          onDone();
        },
        onError: notifyError,
      },
    ),
  );
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="xs">
        <TextInput
          label="Title"
          {...form.register('title')}
          error={form.formState.errors.title?.message}
        />
        <Textarea
          label="Text"
          autosize
          minRows={3}
          maxLength={CHAT_TEXT_MAX}
          {...form.register('text')}
          error={form.formState.errors.text?.message}
        />
        <Group justify="flex-end">
          {reply ? (
            <Button variant="default" onClick={onDone}>
              Cancel
            </Button>
          ) : null}
          <Button type="submit" loading={save.isPending}>
            {reply ? 'Save' : 'Add'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** Canned replies an admin keeps for agents to start a reply from. */
export function CannedRepliesPage() {
  const list = useCannedReplies();
  const remove = useDeleteCanned();
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <>
      <PageHeader title="Canned replies" description="Answers agents pick in the inbox" />
      <Stack>
        <Card withBorder>
          <CannedForm reply={null} onDone={() => {}} />
        </Card>
        <QueryState isPending={list.isPending} error={list.error}>
          {(list.data ?? []).map((reply) => (
            <Card withBorder key={reply.id} data-testid="canned-reply">
              {editing === reply.id ? (
                <CannedForm reply={reply} onDone={() => setEditing(null)} />
              ) : (
                <Group justify="space-between" align="flex-start" wrap="nowrap">
                  <Stack gap={2}>
                    <Text fw={600}>{reply.title}</Text>
                    <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                      {reply.text}
                    </Text>
                  </Stack>
                  <Group gap="xs" wrap="nowrap">
                    <Button size="compact-sm" variant="light" onClick={() => setEditing(reply.id)}>
                      Edit
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="light"
                      color="red"
                      onClick={() => remove.mutate(reply.id, { onError: notifyError })}
                    >
                      Delete
                    </Button>
                  </Group>
                </Group>
              )}
            </Card>
          ))}
        </QueryState>
      </Stack>
    </>
  );
}
