import { Alert, Code, Modal, Stack, Text } from '@mantine/core';
import { QueryState } from '../../../components/query-state';
import { useOutboxMessage } from '../api/outbox';

/** An outbox message as the client received it: subject, recipient, text and attachments. */
export function MessageModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const message = useOutboxMessage(id);
  const m = message.data;
  return (
    <Modal opened={id !== null} onClose={onClose} title={m?.subject ?? 'Message'} size="lg">
      <QueryState isPending={message.isPending} error={message.error}>
        {m ? (
          <Stack gap="sm" data-testid="outbox-message">
            <Text size="sm" c="dimmed">
              To {m.to}
              {m.attachments.length > 0 ? ` · attached: ${m.attachments.join(', ')}` : ''}
            </Text>
            {m.body !== null ? (
              <Code block style={{ whiteSpace: 'pre-wrap' }}>
                {m.body}
              </Code>
            ) : (
              <Alert color="gray">{m.withheld}</Alert>
            )}
          </Stack>
        ) : null}
      </QueryState>
    </Modal>
  );
}
