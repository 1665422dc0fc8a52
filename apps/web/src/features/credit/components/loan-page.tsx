import { type TLoanDetail } from '@sampada/shared';
import { Alert, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { QueryState } from '../../../components/market/query-state';
import { LoadingButton } from '../../../components/loading-button';
import { openConfirm } from '../../../components/modals';
import { isApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { useCancelLoan } from '../api/cancel-loan';
import { loanQueryOptions } from '../api/get-loan';
import { useCreditTranslation } from '../i18n';
import { LoanFigures, LoanHeading, LoanHistory, LoanSchedule } from './loan-detail-parts';
import { ForeclosureSection, LoanPapers } from './loan-papers';
import { PledgeSection } from './loan-pledge-section';
import { RepayForm } from './loan-repay-form';
import { LoanResetChoice } from './loan-reset-choice';

/** An application not yet disbursed can be cancelled, after a confirmation. */
function LoanCancel({ loan }: { loan: TLoanDetail }) {
  const { t } = useCreditTranslation();
  const cancel = useCancelLoan(loan.id);
  const cancelFailure =
    cancel.error && isApiError(cancel.error) ? translateMessage(cancel.error) : null;
  return (
    <Group>
      <LoadingButton
        variant="light"
        color="red"
        loading={cancel.isPending}
        onClick={() =>
          openConfirm({
            message: t('loan.cancel'),
            danger: true,
            onConfirm: () => cancel.mutate(),
          })
        }
        data-testid="loan-cancel"
      >
        {t('loan.cancel')}
      </LoadingButton>
      {cancelFailure && (
        <Text size="sm" c="red">
          {cancelFailure}
        </Text>
      )}
    </Group>
  );
}

function LoanDetail({ loan }: { loan: TLoanDetail }) {
  const { t } = useCreditTranslation();
  const active = loan.status === 'disbursed';
  const cancellable = loan.status === 'applied' || loan.status === 'approved';
  return (
    <Stack gap="lg" data-testid="loan-page">
      <LoanHeading loan={loan} />
      {loan.status === 'closed' && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="loan-closed">
          {t('loan.closed')}
        </Alert>
      )}
      <LoanPapers loan={loan} />
      <LoanFigures loan={loan} />
      <LoanResetChoice loan={loan} />
      {loan.product.kind === 'loan_against_shares' && <PledgeSection loan={loan} />}
      {active && <RepayForm loan={loan} />}
      {active && <ForeclosureSection loan={loan} />}
      {cancellable && <LoanCancel loan={loan} />}
      <LoanSchedule loan={loan} />
      <LoanHistory loan={loan} />
    </Stack>
  );
}

/** /credit/loans/:id: the loan's schedule, what is paid, due and accrued, its pledge and LTV. */
export function LoanPage() {
  const { t } = useCreditTranslation();
  const { id = '' } = useParams();
  // The allow_loan flag opens new borrowing only: a loan already taken is always shown, so a
  // borrower can see and pay what is due whatever the flag says.
  const loan = useQuery(loanQueryOptions(id));
  return (
    <QueryState
      isPending={loan.isPending}
      isError={loan.isError}
      onRetry={() => void loan.refetch()}
      rows={6}
    >
      {loan.data ? <LoanDetail loan={loan.data} /> : <Text>{t('loan.notFound')}</Text>}
    </QueryState>
  );
}
