import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import {
  formatPaise,
  type TConsoleLoan,
  ZLoanDecisionRequest,
  ZLoanReasonRequest,
} from '@sampada/shared';
import { useForm } from 'react-hook-form';
import type { TLoanDecision } from '../api/loans';

export type TLoanAction = TLoanDecision['action'];

const TITLES: Record<TLoanAction, string> = {
  approve: 'Approve loan',
  reject: 'Reject loan',
  disburse: 'Disburse loan',
  'write-off': 'Write off loan',
  'invoke-pledge': 'Invoke the pledge',
};
const BUTTONS: Record<TLoanAction, { label: string; color: string }> = {
  approve: { label: 'Approve', color: 'teal' },
  reject: { label: 'Reject', color: 'red' },
  disburse: { label: 'Disburse', color: 'blue' },
  'write-off': { label: 'Write off', color: 'red' },
  'invoke-pledge': { label: 'Sell pledged shares', color: 'orange' },
};

/** What the officer is deciding on, repeated in the dialog. */
export function LoanSummary({ loan }: { loan: TConsoleLoan }) {
  const net = loan.amount_paise - loan.processing_fee_paise - loan.fee_gst_paise;
  return (
    <Stack gap={2}>
      <Text size="sm">
        {loan.client.name ?? '—'} (UID {loan.client.uid}) · {loan.product.name}
      </Text>
      <Text fw={600}>
        {formatPaise(loan.amount_paise)} over {loan.tenure_months} months
      </Text>
      <Text size="xs" c="dimmed">
        Fee {formatPaise(loan.processing_fee_paise)} + GST {formatPaise(loan.fee_gst_paise)}; to the
        client’s cash {formatPaise(net)}
      </Text>
      <Text size="xs" c="dimmed">
        Approvals {loan.approvals} of {loan.approvals_required}
        {loan.approved_by.length ? ` (${loan.approved_by.join(', ')})` : ''}
      </Text>
    </Stack>
  );
}

/**
 * One dialog for each decision: a reason the client reads (required to reject or write off,
 * a note to approve), the shared request schemas as the form's rules.
 */
export function LoanDecisionModal({
  action,
  loan,
  failure,
  loading,
  onClose,
  onDecide,
}: {
  action: TLoanAction | null;
  loan: TConsoleLoan | null;
  failure: string | null;
  loading: boolean;
  onClose: () => void;
  onDecide: (decision: TLoanDecision) => void;
}) {
  const needsReason = action === 'reject' || action === 'write-off';
  const form = useForm<{ reason?: string }>({
    resolver: zodResolver(needsReason ? ZLoanReasonRequest : ZLoanDecisionRequest),
    defaultValues: { reason: '' },
  });
  if (!action || !loan) return null;
  const submit = form.handleSubmit(({ reason }) => {
    if (action === 'disburse' || action === 'invoke-pledge') onDecide({ action });
    else if (action === 'approve') onDecide(reason ? { action, reason } : { action });
    else onDecide({ action, reason: reason ?? '' });
  });
  return (
    <Modal opened onClose={onClose} title={TITLES[action]}>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {failure ? (
            <Alert color="red" data-testid="decision-error">
              {failure}
            </Alert>
          ) : null}
          <LoanSummary loan={loan} />
          {action === 'approve' && loan.approvals_required === 2 && loan.approvals === 0 ? (
            <Text size="sm" c="dimmed">
              Above the threshold: a second operations officer approves after you.
            </Text>
          ) : null}
          {action === 'invoke-pledge' ? (
            <Text size="sm">
              Every pledged share still held is put up for sale at market. What the sale raises
              repays the loan once it fills; the client sees each step.
            </Text>
          ) : action !== 'disburse' ? (
            <Textarea
              label={needsReason ? 'Reason' : 'Note (optional)'}
              description={needsReason ? 'The client sees this reason.' : undefined}
              autosize
              minRows={2}
              maxLength={500}
              {...form.register('reason')}
              error={form.formState.errors.reason?.message}
              data-testid="loan-decision-reason"
            />
          ) : (
            <Text size="sm">
              The amount less the fee and GST is posted to the client’s cash from the firm’s loans
              account, and interest starts today.
            </Text>
          )}
          <LoanDecisionButtons action={action} loading={loading} onClose={onClose} />
        </Stack>
      </form>
    </Modal>
  );
}

function LoanDecisionButtons({
  action,
  loading,
  onClose,
}: {
  action: TLoanAction;
  loading: boolean;
  onClose: () => void;
}) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onClose}>
        Cancel
      </Button>
      <Button
        type="submit"
        color={BUTTONS[action].color}
        loading={loading}
        data-testid="loan-decision-submit"
      >
        {BUTTONS[action].label}
      </Button>
    </Group>
  );
}
