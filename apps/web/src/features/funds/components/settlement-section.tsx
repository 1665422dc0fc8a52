import { formatPaise, SETTLEMENT_CYCLES, type TSettlementCycle } from '@sampada/shared';
import { Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { toastFailure } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings';
import { MASKED } from '../../../lib/market/format';
import { formatDateTime, formatDay } from '../../../lib/datetime';
import {
  retentionStatementsQueryOptions,
  settlementPreferenceQueryOptions,
  useSetSettlementCycle,
} from '../api/settlement-api';
import { useFundsTranslation } from '../i18n';

/**
 * Running-account settlement on Client Assets: the client's cycle (quarterly or monthly), the
 * next date, and each settlement's retention statement — what was held, why, what was paid,
 * when (IST).
 */
export function SettlementSection() {
  const { t } = useFundsTranslation();
  const { data: preference } = useQuery(settlementPreferenceQueryOptions());
  const { data: statements } = useQuery(retentionStatementsQueryOptions());
  const setCycle = useSetSettlementCycle();
  // Amounts hide with the rest of Client Assets.
  const { showAssets } = useAppSettings();
  const money = (paise: number) => (showAssets ? formatPaise(paise) : MASKED);
  return (
    <Paper withBorder radius="md" p="md" data-testid="settlement-section">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('settlement.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('settlement.explain')}
        </Text>
        <SegmentedControl
          aria-label={t('settlement.cycle')}
          data-testid="settlement-cycle"
          value={preference?.cycle ?? 'quarterly'}
          disabled={!preference || setCycle.isPending}
          data={SETTLEMENT_CYCLES.map((c) => ({ value: c, label: t(`settlement.${c}`) }))}
          onChange={(value) =>
            setCycle.mutate(value as TSettlementCycle, {
              onError: (error) => toastFailure(t('settlement.saveFailed'), error),
            })
          }
        />
        {preference && (
          <Text size="sm" data-testid="settlement-next">
            {t('settlement.next', { date: formatDay(preference.next_date) })}
          </Text>
        )}
        {statements?.items.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('settlement.none')}
          </Text>
        )}
        {statements?.items.map((s) => (
          <Stack gap={2} key={s.id} data-testid="retention-statement">
            <Text fw={600}>{t('settlement.of', { date: formatDay(s.settlement_date) })}</Text>
            <Text size="sm">{t('settlement.balance', { amount: money(s.balance_paise) })}</Text>
            {s.retained.map((r) => (
              <Text size="sm" key={r.kind}>
                {t(`settlement.kept.${r.kind}`)}: {money(r.amount_paise)}
              </Text>
            ))}
            <Text size="sm">
              {s.paid_paise > 0
                ? t('settlement.paid', {
                    amount: money(s.paid_paise),
                    account: s.bank_account ?? '',
                  })
                : t(`settlement.status.${s.status}`)}
            </Text>
            {s.settled_at && (
              <Text size="xs" c="dimmed">
                {t('settlement.at', { when: formatDateTime(s.settled_at, s.time_zone) })}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Paper>
  );
}
