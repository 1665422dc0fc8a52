import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import type { UseFormReturn } from 'react-hook-form';
import { bindField } from '../../../lib/forms';

/** Approval opens the account to money and trading: one click was too easy (issue 31). */
export function KycApproveModal({
  opened,
  name,
  uid,
  busy,
  onClose,
  onApprove,
}: {
  opened: boolean;
  name: string;
  uid: string;
  busy: boolean;
  onClose: () => void;
  onApprove: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Approve KYC">
      <Stack>
        <Text size="sm">
          Approve the KYC of {name} (UID {uid})? The client can then deposit, trade and withdraw.
          Check the ID images against the submitted data first.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="teal" loading={busy} onClick={onApprove} data-testid="kyc-approve-confirm">
            Approve KYC
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Rejecting takes a reason, kept on the record. */
export function KycRejectModal({
  opened,
  form,
  busy,
  onClose,
  onReject,
}: {
  opened: boolean;
  form: UseFormReturn<{ reason: string }>;
  busy: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Reject KYC">
      <form onSubmit={form.handleSubmit(({ reason }) => onReject(reason))} noValidate>
        <Stack>
          <Textarea
            label="Reason"
            description="The client sees that the KYC was rejected; the reason is kept on the record."
            autosize
            minRows={3}
            {...bindField(form, 'reason')}
          />
          <Button type="submit" color="red" loading={busy}>
            Reject
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
