import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatPaise,
  M,
  paiseToRupeeText,
  type TForeclosureStatement,
  type TLoanDetail,
} from '@sampada/shared';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { LoadingButton } from '../../../components/loading-button';
import { PinField, ZPinTyped } from '../../../components/pin-field';
import { isApiError, refusedWith } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth';
import { openSetPin } from '../../../lib/drawers';
import { translateMessage } from '../../../lib/i18n';
import { getForeclosure, useForecloseLoan } from '../api/foreclose-loan';
import { downloadKeyFacts, downloadNoDues } from '../api/key-facts';
import { useCreditTranslation } from '../i18n';
import { formatDay } from '../../../lib/datetime';

const ZPinForm = z.object({ pin: ZPinTyped });

/** What closes the loan today, its split, and the charge (none in the cooling-off period). */
function ForeclosureFigures({ statement: s }: { statement: TForeclosureStatement }) {
  const { t } = useCreditTranslation();
  return (
    <>
      <Group justify="space-between">
        <Text size="sm">{t('papers.closeToday', { day: formatDay(s.as_of) })}</Text>
        <Text fw={700} data-testid="loan-foreclosure-total">
          {formatPaise(s.total_paise)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {t('papers.split', {
          principal: formatPaise(s.principal_paise),
          interest: formatPaise(s.interest_paise),
          penal: formatPaise(s.penal_paise - s.waived_paise),
        })}
      </Text>
      <Text size="xs" c="dimmed" data-testid="loan-foreclosure-charge">
        {s.cooling_off
          ? t('papers.coolingOffExit')
          : s.foreclosure_charge_paise > 0
            ? t('papers.charged', {
                charge: formatPaise(s.foreclosure_charge_paise),
                gst: formatPaise(s.foreclosure_charge_gst_paise),
                amount: formatPaise(s.per_day_interest_paise),
              })
            : t('papers.perDay', { amount: formatPaise(s.per_day_interest_paise) })}
      </Text>
    </>
  );
}

/**
 * Closing early: the foreclosure statement on request (the amount that closes the loan today,
 * IST; principal and interest only in the cooling-off period), then the close with the PIN.
 */
export function ForeclosureSection({ loan }: { loan: TLoanDetail }) {
  const { t } = useCreditTranslation();
  const { data: profile } = useProfile();
  const statement = useMutation({ mutationFn: () => getForeclosure(loan.id) });
  const close = useForecloseLoan(loan.id);
  const form = useForm<z.input<typeof ZPinForm>, unknown, z.output<typeof ZPinForm>>({
    resolver: zodResolver(ZPinForm),
    defaultValues: { pin: '' },
  });
  const s: TForeclosureStatement | undefined = statement.data;
  const submit = form.handleSubmit((data) => {
    if (!s) return;
    if (profile && !profile.has_pin) {
      openSetPin();
      return;
    }
    close.mutate(
      { amount: paiseToRupeeText(s.total_paise), pin: data.pin },
      {
        onError: (error) => {
          if (refusedWith(error, 'credit.setPinForLoans')) openSetPin();
          form.setValue('pin', '');
          // The amount moved (a day passed, a payment landed): read the statement again.
          void statement.mutateAsync();
        },
      },
    );
  });
  const failure = close.error ?? statement.error;
  return (
    <Stack gap="sm" data-testid="loan-foreclosure">
      <Title order={3} size="h5">
        {t('papers.foreclose')}
      </Title>
      {loan.cooling_off_until && (
        <Text size="sm" data-testid="loan-cooling-off">
          {t('papers.coolingOff', { day: formatDay(loan.cooling_off_until) })}
        </Text>
      )}
      {!s && (
        <Button
          variant="light"
          loading={statement.isPending}
          onClick={() => statement.mutate()}
          data-testid="loan-foreclosure-open"
        >
          {t('papers.statement')}
        </Button>
      )}
      {s && (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Paper withBorder p="sm">
            <Stack gap="xs">
              <ForeclosureFigures statement={s} />
              <PinField
                control={form.control}
                name="pin"
                label={t('apply.pinLabel')}
                testId="loan-foreclose-pin"
              />
              <LoadingButton type="submit" loading={close.isPending} data-testid="loan-foreclose">
                {t('papers.closeNow')}
              </LoadingButton>
            </Stack>
          </Paper>
        </form>
      )}
      {failure && (
        <Alert color="red" data-testid="loan-foreclosure-error">
          {translateMessage(isApiError(failure) ? failure : M.requestFailed)}
        </Alert>
      )}
    </Stack>
  );
}

/** The loan's papers: the key fact statement accepted, and the no-dues letter once closed. */
export function LoanPapers({ loan }: { loan: TLoanDetail }) {
  const { t } = useCreditTranslation();
  if (!loan.kfs_id && loan.status !== 'closed') return null;
  return (
    <Group gap="md" data-testid="loan-papers">
      {loan.kfs_id && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => void downloadKeyFacts(loan.kfs_id!)}
          data-testid="loan-kfs-download"
        >
          {t('papers.kfs')}
        </Anchor>
      )}
      {loan.status === 'closed' && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={() => void downloadNoDues(loan.id)}
          data-testid="loan-no-dues"
        >
          {t('papers.noDues')}
        </Anchor>
      )}
    </Group>
  );
}
