import { formatBps, type TLoanDetail, type TResetPreference } from '@sampada/shared';
import { Paper, Radio, Stack, Text, Title } from '@mantine/core';
import { isApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { useSetResetPreference } from '../api/set-reset-preference';
import { useCreditTranslation } from '../i18n';
import { formatDay } from '../../../lib/datetime';

const LIVE = ['applied', 'approved', 'disbursed'];

/**
 * A floating-rate loan's terms and the borrower's choice at a reset (decision 061): keep the
 * tenure (the EMI changes, the default) or keep the EMI (the tenure changes). Saved as soon as
 * it is picked; the server's answer is what the radio then shows.
 */
export function LoanResetChoice({ loan }: { loan: TLoanDetail }) {
  const { t } = useCreditTranslation();
  const save = useSetResetPreference(loan.id);
  const floating = loan.floating;
  if (!floating) return null;
  const live = LIVE.includes(loan.status);
  const failure = save.error && isApiError(save.error) ? translateMessage(save.error) : null;
  return (
    <Paper withBorder p="md" data-testid="loan-floating">
      <Stack gap="xs">
        <Title order={4}>{t('loan.floating.title')}</Title>
        <Text size="sm" data-testid="loan-floating-terms">
          {t('loan.floating.terms', {
            benchmark: floating.benchmark,
            spread: formatBps(floating.spread_bps),
            rate: formatBps(loan.annual_rate_bps),
            months: floating.reset_months,
          })}
        </Text>
        {live && floating.next_reset_date && (
          <Text size="sm" c="dimmed" data-testid="loan-next-reset">
            {t('loan.floating.nextReset', { day: formatDay(floating.next_reset_date) })}
          </Text>
        )}
        <Radio.Group
          label={t('loan.floating.choice')}
          value={save.isPending && save.variables ? save.variables : floating.reset_preference}
          onChange={(value) => save.mutate(value as TResetPreference)}
          data-testid="loan-reset-choice"
        >
          <Stack gap={6} mt={6}>
            <Radio
              value="tenure"
              label={t('loan.floating.keepTenure')}
              disabled={!live || save.isPending}
            />
            <Radio
              value="emi"
              label={t('loan.floating.keepEmi')}
              disabled={!live || save.isPending}
            />
          </Stack>
        </Radio.Group>
        {save.isSuccess && (
          <Text size="sm" c="teal" data-testid="loan-reset-saved">
            {t('loan.floating.saved')}
          </Text>
        )}
        {failure && (
          <Text size="sm" c="red">
            {failure}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
