import { OFFERING_KINDS, type TOffering, type TOfferingKind } from '@sampada/shared';
import { Button, Group, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { QueryState } from '../../../components/market/query-state';
import { openDealDrawer } from '../../../lib/drawers';
import { dealsQueryOptions } from '../api/get-deals';
import { useTradingTranslation } from '../i18n';
import { OfferingFacts, OfferingStatus } from './offering-facts';

const isKind = (value: string | null): value is TOfferingKind =>
  (OFFERING_KINDS as readonly string[]).includes(value ?? '');

function actionKey(offering: TOffering) {
  if (offering.kind === 'ipo') return offering.status === 'open' ? 'ipo' : 'ipoUpcoming';
  if (offering.kind === 'otc' && offering.side === 'sell') return 'otcSell';
  return offering.kind;
}

function DealRow({ offering }: { offering: TOffering }) {
  const { t } = useTradingTranslation();
  return (
    <Paper withBorder radius="md" p="md" data-testid={`deal-row-${offering.id}`}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Title order={3} size="h5">
              {offering.symbol}
            </Title>
            <OfferingStatus offering={offering} />
          </Group>
          <Text size="sm" c="dimmed" truncate>
            {offering.name}
            {offering.sector ? ` · ${offering.sector}` : ''}
          </Text>
        </Stack>
        <Button
          size="sm"
          variant={offering.kind === 'ipo' && offering.status !== 'open' ? 'light' : 'filled'}
          color={offering.kind === 'otc' && offering.side === 'sell' ? 'red.8' : undefined}
          onClick={() => openDealDrawer(offering.kind, offering.id)}
          data-testid={`deal-open-${offering.id}`}
        >
          {t(`deals.action.${actionKey(offering)}`)}
        </Button>
      </Group>
      <OfferingFacts offering={offering} />
    </Paper>
  );
}

function DealList({ kind }: { kind: TOfferingKind }) {
  const { t } = useTradingTranslation();
  const deals = useQuery({ ...dealsQueryOptions(kind), refetchInterval: 60_000 });
  return (
    <QueryState
      isPending={deals.isPending}
      isError={deals.isError}
      onRetry={() => void deals.refetch()}
      isEmpty={deals.data?.length === 0}
      emptyText={t(`deals.empty.${kind}`)}
      rows={3}
    >
      <Stack gap="sm" data-testid={`deals-${kind}`}>
        {deals.data?.map((offering) => (
          <DealRow key={offering.id} offering={offering} />
        ))}
      </Stack>
    </QueryState>
  );
}

/**
 * Menu key 'trading/all-deals' (/deals): the open institutional allocations, OTC desk quotes
 * and IPOs with their key facts, each opening its drawer. The tab is kept in the URL.
 */
export default function AllDealsPage() {
  const { t } = useTradingTranslation();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab');
  const active: TOfferingKind = isKind(tab) ? tab : 'institutional';
  return (
    <Stack gap="md" data-testid="all-deals">
      <Title order={1} size="h2">
        {t('deals.title')}
      </Title>
      <Tabs
        value={active}
        onChange={(next) => isKind(next) && setParams({ tab: next }, { replace: true })}
        keepMounted={false}
      >
        <Tabs.List aria-label={t('deals.tabs')} grow>
          {OFFERING_KINDS.map((kind) => (
            <Tabs.Tab key={kind} value={kind} data-testid={`deals-tab-${kind}`}>
              {t(`kinds.${kind}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {OFFERING_KINDS.map((kind) => (
          <Tabs.Panel key={kind} value={kind} pt="md">
            <DealList kind={kind} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </Stack>
  );
}
