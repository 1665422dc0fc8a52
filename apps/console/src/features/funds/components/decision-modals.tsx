import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { ZFundsRejectRequest, ZWithdrawalPayRequest } from '@sampada/shared';
import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { ReasonModal } from '../../../components/reason-modal';
import { bindField } from '../../../lib/forms';

type TPay = { bank_reference: string };

/** Rejecting needs a reason the client will read (FM.reasonRequired when empty). */
export function RejectModal(props: {
  opened: boolean;
  title: string;
  summary: ReactNode;
  loading: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  return (
    <ReasonModal
      {...props}
      schema={ZFundsRejectRequest}
      description="The client sees this reason."
    />
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
