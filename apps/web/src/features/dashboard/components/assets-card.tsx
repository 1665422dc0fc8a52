import { formatPaise } from '@sampada/shared';
import { ActionIcon, Group, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { SignedAmount } from '../../../components/market/change-text';
import { setShowAssets, useAppSettings } from '../../../lib/app-settings';
import { MASKED, NO_VALUE } from '../../../lib/market/format';
import { assetSummaryQueryOptions, type TAssetSummary } from '../api/get-asset-summary';
import { useDashboardTranslation } from '../i18n';

const AMOUNTS: { key: keyof TAssetSummary; label: string; testId: string }[] = [
  { key: 'cash_available_paise', label: 'assets.available', testId: 'assets-cash_available' },
  { key: 'holdings_value_paise', label: 'assets.holdings', testId: 'assets-holdings_value' },
  { key: 'cash_on_hold_paise', label: 'assets.onHold', testId: 'assets-cash_on_hold' },
];

/**
 * Total assets and their parts, behind the eye toggle: the showAssets setting (spec §3)
 * is kept in local storage, and hidden amounts read '****'.
 */
export function AssetsCard() {
  const { t } = useDashboardTranslation();
  const { showAssets } = useAppSettings();
  const { data, isPending } = useQuery(assetSummaryQueryOptions());
  const amount = (paise: number | null | undefined) => {
    if (!showAssets) return MASKED;
    if (isPending) return '';
    return typeof paise === 'number' ? formatPaise(paise) : NO_VALUE;
  };
  const pnl = data?.unrealised_pnl_paise;
  const toggleLabel = showAssets ? t('assets.hide') : t('assets.show');
  return (
    <Paper withBorder radius="md" p="md" component="section" data-testid="assets-card">
      <Group justify="space-between" mb="xs">
        <Title order={2} size="h4">
          {t('assets.title')}
        </Title>
        <Tooltip label={toggleLabel}>
          <ActionIcon
            variant="subtle"
            color="gray"
            aria-label={toggleLabel}
            onClick={() => setShowAssets(!showAssets)}
            data-testid="assets-eye"
          >
            {showAssets ? <IconEye size={20} aria-hidden /> : <IconEyeOff size={20} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      </Group>
      <Stack gap={2}>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {t('assets.total')}
        </Text>
        <Text
          fz={28}
          fw={700}
          data-testid="assets-total"
          style={{ fontVariantNumeric: 'tabular-nums' }}
        >
          {amount(data?.total_paise)}
        </Text>
        <Group gap={6} data-testid="assets-pnl">
          <Text size="sm" c="dimmed">
            {t('assets.pnl')}
          </Text>
          {!showAssets ? (
            <Text size="sm">{MASKED}</Text>
          ) : typeof pnl === 'number' ? (
            <SignedAmount paise={pnl} size="sm" />
          ) : (
            <Text size="sm">{isPending ? '' : NO_VALUE}</Text>
          )}
        </Group>
      </Stack>
      <SimpleGrid cols={3} mt="md" spacing="xs">
        {AMOUNTS.map(({ key, label, testId }) => (
          <Stack gap={0} key={key}>
            <Text size="xs" c="dimmed">
              {t(label)}
            </Text>
            <Text
              size="sm"
              fw={600}
              data-testid={testId}
              style={{ fontVariantNumeric: 'tabular-nums' }}
            >
              {amount(data?.[key])}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
      {data === null && showAssets && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('assets.unavailable')}
        </Text>
      )}
    </Paper>
  );
}
