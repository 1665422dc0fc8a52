import { formatBps, formatPaise, type TPledgeableHolding } from '@sampada/shared';
import { Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { type Control, Controller } from 'react-hook-form';
import { useCreditTranslation } from '../i18n';
import type { TLoanFormInput, TLoanFormOutput } from './loan-application-form';

type TLoanControl = Control<TLoanFormInput, unknown, TLoanFormOutput>;

function PledgeQuantity({
  control,
  holding: h,
}: {
  control: TLoanControl;
  holding: TPledgeableHolding;
}) {
  const { t } = useCreditTranslation();
  return (
    <Controller
      control={control}
      name={`pledges.${h.symbol}`}
      render={({ field }) => (
        <Group justify="space-between" wrap="nowrap" gap="sm">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              {h.symbol}
            </Text>
            <Text size="xs" c="dimmed" truncate>
              {t('apply.free', {
                count: h.free_quantity,
                price: h.price_paise === null ? t('apply.noPrice') : formatPaise(h.price_paise),
              })}
            </Text>
          </Stack>
          <NumberInput
            w={120}
            min={0}
            max={h.free_quantity}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            aria-label={`${t('apply.quantity')} ${h.symbol}`}
            value={field.value ?? 0}
            onChange={(value) => field.onChange(typeof value === 'number' ? value : 0)}
            disabled={h.free_quantity === 0 || h.price_paise === null}
            data-testid={`loan-pledge-${h.symbol}`}
          />
        </Group>
      )}
    />
  );
}

/** A secured loan's pledge: a quantity per free holding and what it lets the client borrow. */
export function LoanPledgeFields({
  control,
  ltvBps,
  holdings,
  eligibility,
}: {
  control: TLoanControl;
  ltvBps: number;
  holdings: TPledgeableHolding[];
  eligibility: { value: bigint; eligible: bigint } | null;
}) {
  const { t } = useCreditTranslation();
  return (
    <Stack gap="xs" data-testid="loan-pledge">
      <Title order={4} size="h6">
        {t('apply.pledge')}
      </Title>
      <Text size="xs" c="dimmed">
        {t('apply.pledgeHint', { ltv: formatBps(ltvBps) })}
      </Text>
      {holdings.length === 0 && (
        <Text size="sm" c="dimmed">
          {t('apply.noHoldings')}
        </Text>
      )}
      {holdings.map((h) => (
        <PledgeQuantity key={h.symbol} control={control} holding={h} />
      ))}
      {eligibility && (
        <Group justify="space-between" data-testid="loan-eligibility">
          <Text size="sm">
            {t('apply.pledgeValue')}: {formatPaise(eligibility.value)}
          </Text>
          <Text size="sm" fw={600}>
            {t('apply.eligibility')} {formatPaise(eligibility.eligible)}
          </Text>
        </Group>
      )}
    </Stack>
  );
}
