import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Textarea } from '@mantine/core';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { bindField } from '../lib/forms';

type TReason = { reason: string };

/**
 * A rejection that needs a reason, the one form every desk's Reject uses (deposits,
 * withdrawals, desk orders, corporate actions, settlement batches). The caller's schema holds
 * the rule and its message for an empty reason; `description` says who reads it.
 */
export function ReasonModal({
  opened,
  title,
  description,
  schema,
  summary,
  maxLength = 300,
  loading,
  onClose,
  onReject,
}: {
  opened: boolean;
  title: string;
  description: string;
  schema: z.ZodType<TReason, TReason>;
  /** What is being rejected, and any failure of an earlier try, above the field. */
  summary?: ReactNode;
  maxLength?: number;
  loading: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const form = useForm<TReason, unknown, TReason>({
    resolver: zodResolver(schema),
    defaultValues: { reason: '' },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title}>
      <form
        onSubmit={(event) => void form.handleSubmit(({ reason }) => onReject(reason))(event)}
        noValidate
      >
        <Stack>
          {summary}
          <Textarea
            label="Reason"
            description={description}
            autosize
            minRows={3}
            maxLength={maxLength}
            {...bindField(form, 'reason')}
            data-testid="reject-reason"
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={loading} data-testid="reject-submit">
              Reject
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
