import { Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { TAssets } from '@sampada/shared';
import { useQuery } from '@tanstack/react-query';
import { SignedAmount } from '../../../components/market/change-text';
import { isApiError } from '../../../lib/api-client';
import { ShowAssetsToggle } from '../../../components/show-assets-toggle';
import { TotalAmount } from '../../../components/total-amount';
import { useAppSettings } from '../../../lib/app-settings';
import { assetsQueryOptions } from '../../../lib/funds';
import { MASKED, NO_VALUE, formatPrice } from '../../../lib/market/format';
import { useDashboardTranslation } from '../i18n';

type TAmountKey = keyof Pick<TAssets, 'cash_available' | 'holdings_value' | 'cash_on_hold'>;

const AMOUNTS: { key: TAmountKey; label: string }[] = [
  { key: 'cash_available', label: 'assets.available' },
  { key: 'holdings_value', label: 'assets.holdings' },
  { key: 'cash_on_hold', label: 'assets.onHold' },
];

/**
 * Total assets and their parts, behind the eye toggle: the showAssets setting (spec §3)
 * is kept in local storage, and hidden amounts read '****'. A field that is missing shows as
 * a dash; nothing is ever made up.
 */
export function AssetsCard() {
  const { t } = useDashboardTranslation();
  const { showAssets } = useAppSettings();
  const { data, isPending, error } = useQuery(assetsQueryOptions());
  // A server without the call yet (404): the amounts stay dashes, with a word why.
  const unavailable = isApiError(error) && error.status === 404;
  const amount = (value: number | null | undefined) => {
    if (!showAssets) return MASKED;
    if (isPending) return '';
    return typeof value === 'number' ? formatPrice(value) : NO_VALUE;
  };
  const pnl = data?.unrealised_pnl;
  return (
    <Paper withBorder radius="md" p="md" component="section" data-testid="assets-card">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('assets.title')}
        </Title>
        <ShowAssetsToggle testId="assets-eye" />
      </Group>
      <Stack gap={2}>
        <TotalAmount label={t('assets.total')}>{amount(data?.total_assets)}</TotalAmount>
        <Group gap={6} data-testid="assets-pnl">
          <Text size="sm" c="dimmed">
            {t('assets.pnl')}
          </Text>
          {!showAssets ? (
            <Text size="sm">{MASKED}</Text>
          ) : typeof pnl === 'number' ? (
            <SignedAmount value={pnl} size="sm" />
          ) : (
            <Text size="sm">{isPending ? '' : NO_VALUE}</Text>
          )}
        </Group>
      </Stack>
      <SimpleGrid cols={3} mt="md" spacing="xs">
        {AMOUNTS.map(({ key, label }) => (
          <Stack gap={0} key={key}>
            <Text size="xs" c="dimmed">
              {t(label)}
            </Text>
            <Text
              size="sm"
              fw={600}
              data-testid={`assets-${key}`}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {amount(data?.[key])}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {unavailable && showAssets && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('assets.unavailable')}
        </Text>
      )}
    </Paper>
  );
}
