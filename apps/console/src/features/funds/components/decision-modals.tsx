import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { ZFundsRejectRequest, ZWithdrawalPayRequest } from '@sampada/shared';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { bindField } from '../../../lib/forms';

type TReject = { reason: string };
type TPay = { bank_reference: string };

/** Rejecting needs a reason the client will read (FM.reasonRequired when empty). */
export function RejectModal({
  opened,
  title,
  summary,
  loading,
  onClose,
  onReject,
}: {
  opened: boolean;
  title: string;
  summary: ReactNode;
  loading: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  const form = useForm<TReject, unknown, TReject>({
    resolver: zodResolver(ZFundsRejectRequest),
    defaultValues: { reason: '' },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={title}>
      <form onSubmit={form.handleSubmit(({ reason }) => onReject(reason))} noValidate>
        <Stack>
          {summary}
          <Textarea
            label="Reason"
            description="The client sees this reason."
            autosize
            minRows={3}
            maxLength={300}
            {...bindField(form, 'reason')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="red" loading={loading}>
              Reject
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Marking a withdrawal paid records the bank reference (UTR) of the payment. */
export function PayModal({
  opened,
  summary,
  loading,
  onClose,
  onPay,
}: {
  opened: boolean;
  summary: ReactNode;
  loading: boolean;
  onClose: () => void;
  onPay: (bankReference: string) => void;
}) {
  const form = useForm<TPay, unknown, TPay>({
    resolver: zodResolver(ZWithdrawalPayRequest),
    defaultValues: { bank_reference: '' },
  });
  const close = () => {
    form.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title="Mark withdrawal paid">
      <form onSubmit={form.handleSubmit(({ bank_reference }) => onPay(bank_reference))} noValidate>
        <Stack>
          {summary}
          <TextInput
            label="Bank reference"
            description="The UTR of the payment you sent"
            maxLength={35}
            {...bindField(form, 'bank_reference')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button type="submit" color="teal" loading={loading}>
              Mark paid
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Confirming credits the client: the modal repeats what will be credited. */
export function ConfirmModal({
  opened,
  summary,
  loading,
  onClose,
  onConfirm,
}: {
  opened: boolean;
  summary: ReactNode;
  loading: boolean;
  onClose: () => void;
  onConfirm: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Confirm deposit">
      <Stack>
        {summary}
        <Text size="sm" c="dimmed">
          Check that the amount with this UTR has reached the firm&apos;s account. Confirming
          credits the client&apos;s available cash.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="teal" loading={loading} onClick={onConfirm}>
            Confirm and credit
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
