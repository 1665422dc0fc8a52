import { percentage, type TReturns } from '@sampada/shared';
import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { QueryState } from '../../../components/market/query-state';
import { returnsQueryOptions } from '../api/returns';
import { usePortfolioTranslation } from '../i18n';
import { AllocationChart } from './allocation-chart';

type TSlices = TReturns['allocation']['sector'];

/** Each slice's share in per cent, from its paise (the API's weight is a float fraction). */
function asParts(slices: TSlices) {
  const whole = slices.reduce((sum, slice) => sum + slice.value_paise, 0);
  return slices.map(({ name, value_paise }) => ({
    name,
    value_paise,
    weight_pct: percentage(value_paise, whole),
  }));
}

/**
 * What the client holds today by sector and by market-cap band, from the returns API (the
 * Returns tab's 'All' period asks the same, so the two screens share one fetch). Side by side
 * on a wide screen, one under the other on a phone.
 */
export function InvestmentAllocation() {
  const { t } = usePortfolioTranslation();
  const query = useQuery(returnsQueryOptions(null));
  const allocation = query.data?.allocation;
  return (
    <Paper withBorder radius="md" p="md" data-testid="investment-allocation">
      <Title order={2} size="h5" mb="sm">
        {t('investment.allocation')}
      </Title>
      <QueryState
        isPending={query.isPending}
        isError={query.isError}
        onRetry={() => void query.refetch()}
        isEmpty={!allocation?.sector.length}
        emptyText={t('investment.noAllocation')}
        rows={2}
      >
        {allocation && (
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="xl">
            {(
              [
                ['bySector', 'sectorLabel', 'sector', allocation.sector],
                ['byCap', 'capLabel', 'cap', allocation.market_cap],
              ] as const
            ).map(([title, labelKey, testId, slices]) => (
              <Stack key={testId} gap="xs">
                <Text fw={600} size="sm">
                  {t(`investment.${title}`)}
                </Text>
                <AllocationChart
                  parts={asParts(slices)}
                  labelKey={`investment.${labelKey}`}
                  testId={testId}
                />
              </Stack>
            ))}
          </SimpleGrid>
        )}
      </QueryState>
    </Paper>
  );
}
