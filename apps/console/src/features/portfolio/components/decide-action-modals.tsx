import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type TCorporateAction, ZCorporateActionReject } from '@sampada/shared';
import { DecisionFailure } from '../../../components/queue-parts';
import { ReasonModal } from '../../../components/reason-modal';
import { actionTerms, effectOnHolder, formatDay, purposeOf } from './action-terms';

/** What is being decided, repeated in both dialogs. */
function ActionSummary({ action, failure }: { action: TCorporateAction; failure: string | null }) {
  return (
    <Stack gap={4}>
      <DecisionFailure failure={failure} />
      <Text fw={600}>
        {action.symbol} · {actionTerms(action)}
      </Text>
      <Text size="sm">
        Ex-date {formatDay(action.ex_date)} (IST) · proposed by{' '}
        {action.proposed_by_email ?? 'the operator CLI'}
      </Text>
      {purposeOf(action) ? (
        <Text size="sm" c="dimmed">
          {purposeOf(action)}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * Approving: what it will do and when. An action whose ex-date has come (IST) is applied to
 * every holder at once; a later one waits for its ex-date.
 */
export function ApproveActionModal({
  action,
  today,
  failure,
  loading,
  onClose,
  onApprove,
}: {
  action: TCorporateAction | null;
  today: string;
  failure: string | null;
  loading: boolean;
  onClose: () => void;
  onApprove: () => void;
}) {
  if (!action) return null;
  const due = action.ex_date <= today;
  return (
    <Modal opened onClose={onClose} title="Approve corporate action">
      <Stack>
        <ActionSummary action={action} failure={failure} />
        <Text size="sm">{effectOnHolder(action)}</Text>
        <Text size="sm" fw={500} data-testid="approve-when">
          {due
            ? 'Its ex-date has come: approving applies it to every holder now, and cancels their open orders and GTTs in the scrip.'
            : `Approving enters it; it is applied at the start of ${formatDay(action.ex_date)} (IST).`}
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="teal" loading={loading} onClick={onApprove} data-testid="approve-submit">
            {due ? 'Approve and apply' : 'Approve'}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** Rejecting needs the reason (PORTFOLIO_MESSAGES.reasonRequired when empty). */
export function RejectActionModal({
  action,
  failure,
  ...props
}: {
  action: TCorporateAction | null;
  failure: string | null;
  loading: boolean;
  onClose: () => void;
  onReject: (reason: string) => void;
}) {
  if (!action) return null;
  return (
    <ReasonModal
      {...props}
      opened
      title="Reject corporate action"
      description="The proposing officer reads it."
      schema={ZCorporateActionReject}
      maxLength={500}
      summary={<ActionSummary action={action} failure={failure} />}
    />
  );
}
