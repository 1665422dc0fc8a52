import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatBps,
  formatPaise,
  LM,
  M,
  paiseToRupeeText,
  rupeeAmount,
  type TLoanDetail,
} from '@sampada/shared';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import { AmountInput } from '../../../components/amount-input';
import { QueryState } from '../../../components/market/query-state';
import { LoadingButton } from '../../../components/loading-button';
import { openConfirm } from '../../../components/modals';
import { PinField, ZPinTyped } from '../../../components/pin-field';
import { paths } from '../../../config/paths';
import { openSetPin } from '../../../lib/drawers';
import { isApiError } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth';
import { translateMessage } from '../../../lib/i18n';
import { formatDateTime } from '../../../lib/money';
import { useCancelLoan } from '../api/cancel-loan';
import { loanQueryOptions } from '../api/get-loan';
import { useRepayLoan } from '../api/repay-loan';
import { useCreditTranslation } from '../i18n';
import { LOAN_STATUS_COLORS } from './credit-products-page';
import { ForeclosureSection, LoanPapers } from './loan-papers';
import { CardTable } from '../../../components/card-table';

/** The repayment form: rupees typed (the API takes paise) and the 6-digit PIN. */
const ZRepayForm = z.object({
  amount: rupeeAmount(1n, LM.amountPositive),
  pin: ZPinTyped,
});
type TRepayFormInput = z.input<typeof ZRepayForm>;
type TRepayFormOutput = z.output<typeof ZRepayForm>;

function Figure({
  label,
  value,
  hint,
  testId,
}: {
  label: string;
  value: string;
  hint?: string;
  testId?: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Paper>
  );
}

function RepayForm({ loan }: { loan: TLoanDetail }) {
  const { t } = useCreditTranslation();
  const { data: profile } = useProfile();
  const repay = useRepayLoan(loan.id);
  const form = useForm<TRepayFormInput, unknown, TRepayFormOutput>({
    resolver: zodResolver(ZRepayForm),
    defaultValues: { amount: '', pin: '' },
  });
  const submit = form.handleSubmit((data) => {
    if (profile && !profile.has_pin) {
      openSetPin();
      return;
    }
    repay.mutate(
      { amount_paise: Number(data.amount), pin: data.pin },
      {
        onSuccess: () => form.reset({ amount: '', pin: '' }),
        onError: (error) => {
          if (isApiError(error) && error.message === LM.setPinForLoans) openSetPin();
          form.setValue('pin', '');
        },
      },
    );
  });
  const failure = repay.error
    ? translateMessage(isApiError(repay.error) ? repay.error.message : M.requestFailed)
    : null;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm" data-testid="loan-repay">
        <Title order={3} size="h5">
          {t('loan.repay')}
        </Title>
        <Controller
          control={form.control}
          name="amount"
          render={({ field, fieldState }) => (
            <AmountInput
              label={t('loan.repayAmount')}
              value={(field.value as string | number) ?? ''}
              onChange={field.onChange}
              error={fieldState.error?.message}
              data-testid="loan-repay-amount"
              rightSectionWidth={110}
              rightSection={
                <Button
                  size="compact-xs"
                  variant="light"
                  onClick={() =>
                    form.setValue('amount', paiseToRupeeText(loan.outstanding_paise), {
                      shouldValidate: true,
                    })
                  }
                  data-testid="loan-repay-all"
                >
                  {t('loan.repayAll')}
                </Button>
              }
            />
          )}
        />
        <PinField
          control={form.control}
          name="pin"
          label={t('apply.pinLabel')}
          testId="loan-repay-pin"
        />
        {failure && (
          <Alert color="red" data-testid="loan-repay-error">
            {failure}
          </Alert>
        )}
        {repay.data && !failure && (
          <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="loan-repaid">
            {repay.data.loan.status === 'closed' ? t('loan.closed') : t('loan.repaid')}
          </Alert>
        )}
        <LoadingButton type="submit" loading={repay.isPending} data-testid="loan-repay-submit">
          {t('loan.repaySubmit')}
        </LoadingButton>
      </Stack>
    </form>
  );
}

function PledgeSection({ loan }: { loan: TLoanDetail }) {
  const { t } = useCreditTranslation();
  const levels = loan.product_levels;
  return (
    <Stack gap="sm" data-testid="loan-pledge-section">
      <Title order={3} size="h5">
        {t('loan.pledge')}
      </Title>
      {loan.margin_state === 'margin_call' && loan.ltv_bps !== null && (
        <Alert color="orange" icon={<IconAlertTriangle size={18} />} data-testid="loan-margin-call">
          {t('loan.marginCall', {
            ltv: formatBps(loan.ltv_bps),
            limit: formatBps(levels.margin_call_ltv_bps ?? 0),
          })}
          {loan.margin_call_deadline &&
            ` ${t('loan.marginCallBy', { day: loan.margin_call_deadline })}`}
        </Alert>
      )}
      {loan.margin_state === 'sell_off' && loan.ltv_bps !== null && (
        <Alert color="red" icon={<IconAlertTriangle size={18} />} data-testid="loan-sell-off">
          {t('loan.sellOff', { ltv: formatBps(loan.ltv_bps) })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Figure label={t('loan.pledgeValue')} value={formatPaise(loan.pledge_value_paise ?? 0)} />
        <Figure
          label={t('loan.ltv')}
          value={loan.ltv_bps === null ? '—' : formatBps(loan.ltv_bps)}
          hint={
            levels.margin_call_ltv_bps !== null && levels.sell_off_ltv_bps !== null
              ? t('loan.levels', {
                  call: formatBps(levels.margin_call_ltv_bps),
                  sell: formatBps(levels.sell_off_ltv_bps),
                })
              : undefined
          }
          testId="loan-ltv"
        />
      </SimpleGrid>
      <Table withTableBorder fz="sm" data-testid="loan-pledges">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('loan.stock')}</Table.Th>
            <Table.Th ta="right">{t('loan.shares')}</Table.Th>
            <Table.Th ta="right">{t('loan.value')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loan.pledges.map((p) => (
            <Table.Tr key={p.symbol}>
              <Table.Td>
                <Text size="sm" fw={600}>
                  {p.symbol}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.name}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                {p.quantity}
                {p.released ? ` · ${t('loan.released')}` : ''}
              </Table.Td>
              <Table.Td ta="right">{formatPaise(p.value_paise)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function LoanDetail({ loan }: { loan: TLoanDetail }) {
  const { t } = useCreditTranslation();
  const cancel = useCancelLoan(loan.id);
  const active = loan.status === 'disbursed';
  const cancellable = loan.status === 'applied' || loan.status === 'approved';
  const cancelFailure =
    cancel.error && isApiError(cancel.error) ? translateMessage(cancel.error.message) : null;
  return (
    <Stack gap="lg" data-testid="loan-page">
      <Stack gap={4}>
        <Anchor component={Link} to={paths.credit} size="sm">
          ← {t('loan.back')}
        </Anchor>
        <Group gap="sm">
          <Title order={2}>{loan.product.name}</Title>
          <Badge color={LOAN_STATUS_COLORS[loan.status]} variant="light" data-testid="loan-status">
            {t(`loan.status.${loan.status}`)}
          </Badge>
          {loan.status === 'applied' && (
            <Text size="sm" c="dimmed" data-testid="loan-approvals">
              {t('loan.approvals', { given: loan.approvals, needed: loan.approvals_required })}
            </Text>
          )}
        </Group>
        {loan.reason && (
          <Text size="sm" c="dimmed">
            {t('loan.reason')}: {loan.reason}
          </Text>
        )}
      </Stack>
      {loan.status === 'closed' && (
        <Alert color="teal" icon={<IconCircleCheck size={18} />} data-testid="loan-closed">
          {t('loan.closed')}
        </Alert>
      )}
      <LoanPapers loan={loan} />
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Figure label={t('loan.amount')} value={formatPaise(loan.amount_paise)} />
        <Figure
          label={t('loan.outstanding')}
          value={formatPaise(loan.outstanding_paise)}
          testId="loan-outstanding"
        />
        <Figure label={t('loan.principal')} value={formatPaise(loan.outstanding_principal_paise)} />
        <Figure
          label={t('loan.accrued')}
          value={formatPaise(loan.accrued_interest_paise)}
          hint={
            loan.accrued_through
              ? t('loan.accruedThrough', { day: loan.accrued_through })
              : undefined
          }
          testId="loan-accrued"
        />
        <Figure
          label={t('loan.paid')}
          value={formatPaise(
            loan.paid_principal_paise + loan.paid_interest_paise + loan.paid_fees_paise,
          )}
          hint={t('loan.paidSplit', {
            principal: formatPaise(loan.paid_principal_paise),
            interest: formatPaise(loan.paid_interest_paise),
          })}
          testId="loan-paid"
        />
        <Figure
          label={t('loan.dueNow')}
          value={formatPaise(loan.due_now_paise)}
          hint={
            loan.past_due_paise > 0
              ? `Past due ${formatPaise(loan.past_due_paise)} · ${loan.dpd} days`
              : loan.next_due_date
                ? `${t('loan.nextDue')}: ${loan.next_due_date}`
                : undefined
          }
          testId="loan-due"
        />
        <Figure
          label="Interest accrued, not yet due"
          value={formatPaise(loan.accrued_not_due_paise)}
          testId="loan-accrued-not-due"
        />
      </SimpleGrid>
      {loan.product.kind === 'loan_against_shares' && <PledgeSection loan={loan} />}
      {active && <RepayForm loan={loan} />}
      {active && <ForeclosureSection loan={loan} />}
      {cancellable && (
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
      )}
      <Stack gap="xs">
        <Title order={3} size="h5">
          {t('loan.schedule')}
        </Title>
        <CardTable minWidth={520} striped withTableBorder fz="sm" data-testid="loan-schedule">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('loan.due')}</Table.Th>
              <Table.Th ta="right">{t('loan.days')}</Table.Th>
              <Table.Th ta="right">{t('loan.interest')}</Table.Th>
              <Table.Th ta="right">{t('loan.principalCol')}</Table.Th>
              <Table.Th ta="right">{t('loan.instalment')}</Table.Th>
              <Table.Th ta="right">{t('loan.balance')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loan.schedule.map((i) => (
              <Table.Tr key={i.number}>
                <Table.Td>{i.due_date}</Table.Td>
                <Table.Td ta="right">{i.days}</Table.Td>
                <Table.Td ta="right">{formatPaise(i.interest_paise)}</Table.Td>
                <Table.Td ta="right">{formatPaise(i.principal_paise)}</Table.Td>
                <Table.Td ta="right">{formatPaise(i.amount_paise)}</Table.Td>
                <Table.Td ta="right">{formatPaise(i.balance_after_paise)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </CardTable>
      </Stack>
      <Stack gap="xs" data-testid="loan-history">
        <Title order={3} size="h5">
          {t('loan.history')}
        </Title>
        {[...loan.events].reverse().map((event, index) => (
          <Group key={`${event.at}-${index}`} gap="sm" wrap="nowrap" align="flex-start">
            <Text size="xs" c="dimmed" w={150} style={{ flexShrink: 0 }}>
              {formatDateTime(event.at)}
            </Text>
            <Text size="sm">{event.message}</Text>
          </Group>
        ))}
      </Stack>
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
