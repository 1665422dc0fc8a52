import { Alert, Button, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  formatPaise,
  paiseToRupeeText,
  readRupees,
  type TConsoleClaimDetail,
} from '@sampada/shared';
import { useState } from 'react';
import { type TClaimDecision, useDecideClaim } from '../api';

export type TAction = TClaimDecision['action'];
export const LABELS: Record<TAction, string> = {
  review: 'Start review',
  'ask-info': 'Ask for information',
  approve: 'Approve',
  reject: 'Reject',
  pay: 'Pay',
};

/** The decision dialog: a question, an amount and reason, a reason, or a confirmation. */
export function DecisionModal({
  claim,
  action,
  onClose,
}: {
  claim: TConsoleClaimDetail;
  action: TAction | null;
  onClose: () => void;
}) {
  const { decide, text, setText, amount, setAmount, error, run } = useClaimDecision(
    claim,
    action,
    onClose,
  );
  const second = action === 'approve' && claim.approvals === 1;
  return (
    <Modal opened={action !== null} onClose={onClose} title={action ? LABELS[action] : ''}>
      <Stack gap="sm">
        {action === 'approve' && !second && (
          <TextInput
            label={`Amount (₹); empty approves the ${formatPaise(claim.amount_claimed_paise)} claimed, less approves it partly`}
            value={amount}
            onChange={(e) => setAmount(e.currentTarget.value)}
            data-testid="decision-amount"
          />
        )}
        {second && (
          <Text size="sm">
            Second approval: confirms the first officer’s amount. Claims above the threshold need
            two officers.
          </Text>
        )}
        {(action === 'ask-info' || action === 'approve' || action === 'reject') && (
          <Textarea
            label={action === 'ask-info' ? 'What should the client send?' : 'Reason'}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            autosize
            minRows={2}
            data-testid="decision-text"
          />
        )}
        {action === 'pay' && (
          <Text size="sm">
            Pays {formatPaise(claim.amount_approved_paise ?? 0)} to the client’s cash from the
            firm’s compensation account.
          </Text>
        )}
        {error && <Alert color="red">{error}</Alert>}
        <Button onClick={run} loading={decide.isPending} data-testid="decision-confirm">
          {action ? LABELS[action] : ''}
        </Button>
      </Stack>
    </Modal>
  );
}

/** The dialog's inputs, and sending the decision they make. */
function useClaimDecision(claim: TConsoleClaimDetail, action: TAction | null, onClose: () => void) {
  const decide = useDecideClaim();
  const [text, setText] = useState('');
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const run = () => {
    if (!action) return;
    let decision: TClaimDecision;
    if (action === 'ask-info') decision = { action, question: text };
    else if (action === 'reject') decision = { action, reason: text };
    else if (action === 'approve') {
      const read = amount.trim() ? readRupees(amount) : null;
      if (read && !read.ok) return setError('Enter the amount in rupees.');
      decision = {
        action,
        reason: text,
        ...(read?.ok ? { amount: paiseToRupeeText(read.paise) } : {}),
      };
    } else decision = { action };
    setError(null);
    decide.mutate(
      { id: claim.id, decision },
      {
        onSuccess: () => {
          setText('');
          setAmount('');
          onClose();
        },
        onError: (e) => setError(e.message),
      },
    );
  };
  return { decide, text, setText, amount, setAmount, error, run };
}
