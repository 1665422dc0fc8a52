import { formatPaise, type TMoneyBreakdown, type TMoneyPartKind } from '@sampada/shared';
import { Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useAppSettings } from '../../../lib/app-settings';
import { formatDateTime, formatDay } from '../../../lib/datetime';
import { MASKED } from '../../../lib/market/format';
import { moneyBreakdownQueryOptions } from '../api/settlement-api';
import { useFundsTranslation } from '../i18n';

/** Parts shown even at zero: the ones every client has a reason to look for. */
const ALWAYS: ReadonlySet<TMoneyPartKind> = new Set([
  'free',
  'unsettled_sales',
  'open_orders',
  'pending_withdrawals',
]);

function Row(props: {
  label: string;
  hint?: string;
  amount: string;
  testId: string;
  strong?: boolean;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={props.strong ? 700 : 500}>
          {props.label}
        </Text>
        {props.hint && (
          <Text size="xs" c="dimmed">
            {props.hint}
          </Text>
        )}
      </Stack>
      <Text
        size="sm"
        fw={props.strong ? 700 : 600}
        data-testid={props.testId}
        style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}
      >
        {props.amount}
      </Text>
    </Group>
  );
}

/**
 * Where is my money (decision 047), on Client Assets: the cash we hold for the client in parts
 * the server computed to add up to it (retention.ts's figures), what is on its way in or
 * already out (T+1), and the next settlement with what it would pay now.
 */
export function MoneyBreakdownSection() {
  const { t } = useFundsTranslation();
  const { data } = useQuery(moneyBreakdownQueryOptions());
  const { showAssets } = useAppSettings();
  const money = (paise: number) => (showAssets ? formatPaise(paise) : MASKED);
  if (!data) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" data-testid="money-breakdown">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('money.title')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('money.asOf', { when: formatDateTime(data.as_of, data.time_zone) })}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" verticalSpacing="md">
          <InTheBalance data={data} money={money} />
          <OnTheWay data={data} money={money} />
        </SimpleGrid>
        <Divider />
        <Stack gap={2} data-testid="money-next-settlement">
          <Text size="sm" fw={600}>
            {t('money.next', {
              date: formatDay(data.next_settlement.date),
              cycle: t(`settlement.${data.next_settlement.cycle}`),
            })}
          </Text>
          <Text size="sm">
            {t('money.payoutNow', { amount: money(data.next_settlement.payout_now_paise) })}
          </Text>
        </Stack>
      </Stack>
    </Paper>
  );
}

type SectionProps = { data: TMoneyBreakdown; money: (paise: number) => string };

function InTheBalance({ data, money }: SectionProps) {
  const { t } = useFundsTranslation();
  const shown = data.parts.filter((p) => ALWAYS.has(p.kind) || p.amount_paise !== 0);
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {t('money.inBalance')}
      </Text>
      {shown.map((p) => (
        <Row
          key={p.kind}
          label={t(`money.part.${p.kind}`)}
          hint={t(`money.hint.${p.kind}`)}
          amount={money(p.amount_paise)}
          testId={`money-part-${p.kind}`}
        />
      ))}
      <Divider />
      <Row label={t('money.total')} amount={money(data.total_paise)} testId="money-total" strong />
    </Stack>
  );
}

function OnTheWay({ data, money }: SectionProps) {
  const { t } = useFundsTranslation();
  return (
    <Stack gap="xs">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {t('money.notInBalance')}
      </Text>
      <Row
        label={t('money.pendingDeposits')}
        hint={t('money.pendingDepositsHint')}
        amount={money(data.pending_deposits_paise)}
        testId="money-pending-deposits"
      />
      <Row
        label={t('money.dueIn')}
        hint={t('money.dueInHint', { date: formatDay(data.unsettled_since) })}
        amount={money(data.settlement_due_in_paise)}
        testId="money-due-in"
      />
      <Row
        label={t('money.dueOut')}
        hint={t('money.dueOutHint', { date: formatDay(data.unsettled_since) })}
        amount={money(data.settlement_due_out_paise)}
        testId="money-due-out"
      />
    </Stack>
  );
}
