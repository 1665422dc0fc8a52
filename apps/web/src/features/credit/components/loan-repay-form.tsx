import { zodResolver } from '@hookform/resolvers/zod';
import {
  LM,
  M,
  PREPAYMENT_CHOICES,
  paiseToRupeeText,
  rupeeAmount,
  type TLoanDetail,
} from '@sampada/shared';
import { Alert, Button, Group, Radio, Stack, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { Controller, useForm, type UseFormReturn } from 'react-hook-form';
import { z } from 'zod';
import { AmountInput } from '../../../components/amount-input';
import { LoadingButton } from '../../../components/loading-button';
import { PinField, ZPinTyped } from '../../../components/pin-field';
import { isApiError, refusedWith } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth';
import { openSetPin } from '../../../lib/drawers';
import { translateMessage } from '../../../lib/i18n';
import { useRepayLoan } from '../api/repay-loan';
import { useCreditTranslation } from '../i18n';

/** The repayment form: rupees typed (the API takes paise) and the 6-digit PIN. */
const ZRepayForm = z.object({
  amount: rupeeAmount(1n, LM.amountPositive),
  pin: ZPinTyped,
  prepayment: z.enum(PREPAYMENT_CHOICES),
});
type TRepayFormInput = z.input<typeof ZRepayForm>;
type TRepayFormOutput = z.output<typeof ZRepayForm>;

/** The amount, with a button that fills in everything outstanding. */
function RepayAmountField({
  form,
  outstandingPaise,
}: {
  form: UseFormReturn<TRepayFormInput, unknown, TRepayFormOutput>;
  outstandingPaise: TLoanDetail['outstanding_paise'];
}) {
  const { t } = useCreditTranslation();
  return (
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
                form.setValue('amount', paiseToRupeeText(outstandingPaise), {
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
  );
}

/** Paise typed so far, or null while the amount is not a valid rupee amount. */
function typedPaise(value: unknown): bigint | null {
  const parsed = rupeeAmount(1n, LM.amountPositive).safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** More than is due and less than everything, on an EMI loan: the payment prepays principal. */
const asksPrepayment = (loan: TLoanDetail, paise: bigint | null) =>
  loan.repayment === 'emi' &&
  paise !== null &&
  paise > BigInt(loan.due_now_paise) &&
  paise < BigInt(loan.outstanding_paise);

/**
 * Paying more than is due prepays principal; on an EMI loan the client says what the prepayment
 * shortens (the remaining schedule is recomputed either way: docs/api-credit.md).
 */
function PrepaymentChoice({
  form,
  loan,
}: {
  form: UseFormReturn<TRepayFormInput, unknown, TRepayFormOutput>;
  loan: TLoanDetail;
}) {
  const { t } = useCreditTranslation();
  if (!asksPrepayment(loan, typedPaise(form.watch('amount')))) return null;
  return (
    <Controller
      control={form.control}
      name="prepayment"
      render={({ field }) => (
        <Radio.Group
          label={t('loan.prepayment.label')}
          description={t('loan.prepayment.hint')}
          value={field.value}
          onChange={field.onChange}
          data-testid="loan-prepayment"
        >
          <Group mt="xs" gap="lg">
            <Radio value="reduce_emi" label={t('loan.prepayment.reduce_emi')} />
            <Radio value="reduce_tenure" label={t('loan.prepayment.reduce_tenure')} />
          </Group>
        </Radio.Group>
      )}
    />
  );
}

export function RepayForm({ loan }: { loan: TLoanDetail }) {
  const { t } = useCreditTranslation();
  const { data: profile } = useProfile();
  const repay = useRepayLoan(loan.id);
  const form = useForm<TRepayFormInput, unknown, TRepayFormOutput>({
    resolver: zodResolver(ZRepayForm),
    defaultValues: { amount: '', pin: '', prepayment: 'reduce_emi' },
  });
  const submit = form.handleSubmit((data) => {
    if (profile && !profile.has_pin) {
      openSetPin();
      return;
    }
    repay.mutate(
      {
        amount: paiseToRupeeText(data.amount),
        pin: data.pin,
        ...(asksPrepayment(loan, data.amount) ? { prepayment: data.prepayment } : {}),
      },
      {
        onSuccess: () => form.reset({ amount: '', pin: '', prepayment: 'reduce_emi' }),
        onError: (error) => {
          if (refusedWith(error, 'credit.setPinForLoans')) openSetPin();
          form.setValue('pin', '');
        },
      },
    );
  });
  const failure = repay.error
    ? translateMessage(isApiError(repay.error) ? repay.error : M.requestFailed)
    : null;
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm" data-testid="loan-repay">
        <Title order={3} size="h5">
          {t('loan.repay')}
        </Title>
        <RepayAmountField form={form} outstandingPaise={loan.outstanding_paise} />
        <PrepaymentChoice form={form} loan={loan} />
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
