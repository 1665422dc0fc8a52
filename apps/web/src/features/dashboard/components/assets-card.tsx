import { formatPaise, type TAssets } from '@sampada/shared';
import { Box, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SignedAmount } from '../../../components/market/change-text';
import { LoadFailed } from '../../../components/market/query-state';
import { DepositAndEye } from '../../../components/show-assets-toggle';
import { TotalAmount } from '../../../components/total-amount';
import { isApiError } from '../../../lib/api-client';
import { useAppSettings } from '../../../lib/app-settings';
import { assetsQueryOptions } from '../../../lib/funds';
import { MASKED, NO_VALUE } from '../../../lib/market/format';
import { useTranslation, type TKeyOf } from '../../../lib/i18n';
import { useDashboardTranslation, type dashboardEnUS } from '../i18n';

type TAmountKey = keyof Pick<
  TAssets,
  'cash_available_paise' | 'holdings_value_paise' | 'cash_on_hold_paise'
>;

const AMOUNTS: { key: TAmountKey; label: TKeyOf<typeof dashboardEnUS>; testId: string }[] = [
  { key: 'cash_available_paise', label: 'assets.available', testId: 'assets-cash_available' },
  { key: 'holdings_value_paise', label: 'assets.holdings', testId: 'assets-holdings_value' },
  { key: 'cash_on_hold_paise', label: 'assets.onHold', testId: 'assets-cash_on_hold' },
];

/**
 * Total assets and their parts, behind the eye toggle: the showAssets setting (spec §3)
 * is kept in local storage, and hidden amounts read '****'. A field that is missing or null
 * shows as a dash; nothing is ever made up.
 */
export function AssetsCard() {
  const { t } = useDashboardTranslation();
  const { t: common } = useTranslation();
  const { showAssets } = useAppSettings();
  const { data, isPending, error, refetch, isFetching } = useQuery(assetsQueryOptions());
  // A server without the call yet (404): the amounts stay dashes, with a word why.
  const unavailable = isApiError(error) && error.status === 404;
  // Any other failure (a timeout on a busy minute) says so, with a Try again.
  const failed = Boolean(error) && !unavailable;
  const amount = (paise: number | null | undefined) => {
    if (!showAssets) return MASKED;
    // A no-break space keeps the line's height while loading, so the card does not grow.
    if (isPending) return '\u00a0';
    return typeof paise === 'number' ? formatPaise(paise) : NO_VALUE;
  };
  const pnl = data?.unrealised_pnl_paise;
  return (
    <Paper withBorder radius="md" p="md" component="section" data-testid="assets-card">
      <AssetsCardHeader />
      <Stack gap={2}>
        <TotalAmount label={t('assets.total')}>{amount(data?.total_paise)}</TotalAmount>
        <Group gap={6} data-testid="assets-pnl">
          <Text size="sm" c="dimmed">
            {t('assets.pnl')}
          </Text>
          {!showAssets ? (
            <Text size="sm">{MASKED}</Text>
          ) : typeof pnl === 'number' ? (
            <SignedAmount paise={pnl} size="sm" />
          ) : (
            <Text size="sm">{isPending ? '\u00a0' : NO_VALUE}</Text>
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
      {failed && (
        <Box mt="xs">
          <LoadFailed
            size="xs"
            testId="assets-failed"
            retrying={isFetching}
            onRetry={() => void refetch()}
            t={common}
          />
        </Box>
      )}
      {unavailable && showAssets && (
        <Text size="xs" c="dimmed" mt="xs">
          {t('assets.unavailable')}
        </Text>
      )}
    </Paper>
  );
}

/** The card's title, with Deposit and the eye toggle beside it. */
function AssetsCardHeader() {
  const { t } = useDashboardTranslation();
  return (
    <Group justify="space-between" mb="xs">
      <Title order={2} size="h4">
        {t('assets.title')}
      </Title>
      <DepositAndEye label={t('assets.deposit')} testId="assets-deposit" eyeTestId="assets-eye" />
    </Group>
  );
}
