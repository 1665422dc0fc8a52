import { formatPaise } from '@sampada/shared';
import { Alert, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ShowAssetsToggle } from '../../../components/show-assets-toggle';
import { TotalAmount } from '../../../components/total-amount';
import { isApiError } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings';
import { openGlobalDrawer } from '../../../lib/drawers';
import { translateMessage } from '../../../lib/i18n';
import { MASKED, NO_VALUE } from '../../../lib/market/format';
import { assetsQueryOptions } from '../../../lib/funds';
import { useFundsTranslation } from '../i18n';
import { MoneyBreakdownSection } from './money-breakdown';
import { SettlementSection } from './settlement-section';

/**
 * Menu key 'funds/assets' (/me/assets): cash available, on hold, holdings value, total; where that
 * cash is (every rupee, decision 047); running-account settlement.
 */
export default function AssetsPage() {
  const { t } = useFundsTranslation();
  const { showAssets } = useAppSettings();
  const { data, error } = useQuery(assetsQueryOptions());
  const show = (paise: number | undefined, tracked = true) => {
    if (!showAssets) return MASKED;
    if (paise === undefined) return '';
    return tracked ? formatPaise(paise) : NO_VALUE;
  };
  const rows = [
    { key: 'available' as const, value: show(data?.cash_available_paise) },
    { key: 'onHold' as const, value: show(data?.cash_on_hold_paise) },
    // The holdings at today's prices, as the total counts them, so the parts add up to it
    // (issue 31: what they cost was shown here, and the demo's parts missed the total by lakhs).
    {
      key: 'holdings' as const,
      value: show(data && (data.holdings_value_paise ?? 0), data?.holdings_tracked ?? true),
    },
    // What is owed on active loans: a liability, shown beside the assets, not in their total.
    ...(data?.loan_balance_paise
      ? [{ key: 'loan' as const, value: show(data.loan_balance_paise) }]
      : []),
  ];
  return (
    <Stack gap="md" data-testid="assets-page">
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('assets.title')}
        </Title>
        <ShowAssetsToggle testId="assets-page-eye" />
      </Group>
      {error && (
        <Alert color="red">{translateMessage(isApiError(error) ? error : String(error))}</Alert>
      )}
      <Paper withBorder radius="md" p="md">
        <TotalAmount label={t('assets.total')}>{show(data?.total_paise)}</TotalAmount>
        <SimpleGrid cols={{ base: 1, xs: 3 }} mt="md" spacing="sm">
          {rows.map(({ key, value }) => (
            <Stack gap={0} key={key}>
              <Text size="xs" c="dimmed">
                {t(`assets.${key}`)}
              </Text>
              <Text
                fw={600}
                data-testid={`assets-${key}`}
                style={{ fontVariantNumeric: 'tabular-nums' }}
              >
                {value}
              </Text>
            </Stack>
          ))}
        </SimpleGrid>
        {data && !data.holdings_tracked && showAssets && (
          <Text size="xs" c="dimmed" mt="xs">
            {t('assets.noHoldings')}
          </Text>
        )}
      </Paper>
      <Group>
        <Button onClick={() => openGlobalDrawer('deposit')}>{t('deposit.title')}</Button>
        <Button variant="light" onClick={() => openGlobalDrawer('withdraw')}>
          {t('withdraw.title')}
        </Button>
      </Group>
      <MoneyBreakdownSection />
      <SettlementSection />
    </Stack>
  );
}
