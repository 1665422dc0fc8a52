import { Anchor, Button, Card, Grid, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatPaise, type TAllotmentResult, type TIpoIssue } from '@sampada/shared';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { DetailRow } from '../../../components/detail-row';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useAllotIpo, useAllotment, useCloseIpo, useIpo, useListIpo } from '../api/ipos';
import { AllotModal } from '../components/allot-modal';
import { AllotmentResult } from '../components/allotment-result';
import { confirmAction } from '../components/confirm-action';
import { Figure } from '../components/figure';
import { TradingStatusBadge } from '../components/trading-status-badge';
import { formatDay, istToday } from '../utils/dates';
import { formatShares, formatSubscription } from '../utils/money';

/** /trading/offerings/ipos/:id: one issue, its demand, and closing, allotting and listing it. */
export function IpoDetailPage() {
  const { id = '' } = useParams();
  const ipo = useIpo(id);
  return (
    <QueryState isPending={ipo.isPending} error={ipo.error}>
      {ipo.data ? <IpoDetail ipo={ipo.data} /> : null}
    </QueryState>
  );
}

function IpoDetail({ ipo }: { ipo: TIpoIssue }) {
  const closeIpo = useCloseIpo();
  const allot = useAllotIpo();
  const listIpo = useListIpo();
  const [allotting, setAllotting] = useState(false);
  const [allotFailure, setAllotFailure] = useState<string | null>(null);
  const [ran, setRan] = useState<TAllotmentResult | null>(null);
  const allotted = ipo.status === 'allotted' || ipo.status === 'listed';
  const recorded = useAllotment(ipo.id, allotted && !ran);
  const result = ran ?? recorded.data ?? null;
  const listable = ipo.status === 'allotted' && istToday() >= ipo.listing_date.slice(0, 10);
  const lotsOffered = Math.floor(ipo.shares_offered / ipo.lot_size);

  const askClose = () =>
    confirmAction({
      title: `Close bidding on ${ipo.symbol}?`,
      body: 'No more bids are taken from now, before the scheduled close. Applications already placed stay blocked until allotment.',
      confirmLabel: 'Close bidding',
      onConfirm: () =>
        closeIpo.mutate(ipo.id, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: notifyError,
        }),
    });

  const askList = () =>
    confirmAction({
      title: `List ${ipo.symbol}?`,
      body: 'Allotted shares become tradable at the market price from the feed.',
      confirmLabel: 'List',
      color: 'indigo',
      onConfirm: () =>
        listIpo.mutate(ipo.id, {
          onSuccess: ({ message }) => notifySuccess(message),
          onError: notifyError,
        }),
    });

  const runAllotment = (seed: string | undefined) => {
    setAllotFailure(null);
    allot.mutate(
      { id: ipo.id, seed },
      {
        onSuccess: ({ data, message }) => {
          notifySuccess(message);
          setRan(data);
          setAllotting(false);
        },
        onError: (error) => {
          setAllotFailure(error.message);
          notifyError(error);
        },
      },
    );
  };

  return (
    <>
      <PageHeader
        title={`${ipo.symbol} IPO`}
        description={ipo.name}
        actions={
          <Anchor component={Link} to={`${paths.tradingOfferings}?tab=ipo`}>
            All issues
          </Anchor>
        }
      />
      <Grid>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Card withBorder>
            <Group justify="space-between" mb="sm">
              <Title order={4}>Issue</Title>
              <span data-testid="ipo-status">
                <TradingStatusBadge status={ipo.status} />
              </span>
            </Group>
            <Stack gap={6}>
              <DetailRow label="Price band">
                {formatPaise(ipo.price_low_paise)} – {formatPaise(ipo.price_high_paise)}
              </DetailRow>
              <DetailRow label="Lot size">{formatShares(ipo.lot_size)} shares</DetailRow>
              <DetailRow label="Minimum bid">
                {formatPaise(ipo.min_bid_paise)} a lot · {ipo.min_lots} to {ipo.max_lots} lots
              </DetailRow>
              <DetailRow label="Shares offered">
                {formatShares(ipo.shares_offered)} ({formatShares(lotsOffered)} lots)
              </DetailRow>
              <DetailRow label="Bidding">
                {formatDay(ipo.open_date)} – {formatDay(ipo.close_date)}
              </DetailRow>
              <DetailRow label="Listing date">{formatDay(ipo.listing_date)}</DetailRow>
              <DetailRow label="Sector">
                {[ipo.sector, ipo.industry].filter(Boolean).join(' · ') || '—'}
              </DetailRow>
              {ipo.description ? (
                <Text size="sm" mt="xs" style={{ whiteSpace: 'pre-line' }}>
                  {ipo.description}
                </Text>
              ) : null}
            </Stack>
          </Card>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <Card withBorder>
              <Title order={4} mb="sm">
                Demand
              </Title>
              <SimpleGrid cols={3}>
                <Figure
                  label="Applications"
                  value={formatShares(ipo.applications)}
                  testId="ipo-applications"
                />
                <Figure label="Lots applied" value={formatShares(ipo.lots_applied)} />
                <Figure
                  label="Subscription"
                  value={formatSubscription(ipo.subscription)}
                  testId="ipo-subscription"
                />
              </SimpleGrid>
              <Anchor
                component={Link}
                to={`${paths.tradingDesk}?type=ipo&status=all&offering_id=${ipo.id}`}
                size="sm"
                mt="sm"
                display="inline-block"
              >
                See the applications
              </Anchor>
            </Card>
            <Card withBorder>
              <Title order={4} mb="sm">
                Actions
              </Title>
              <Stack gap="sm">
                <Group gap="sm">
                  <Button
                    color="red"
                    variant="light"
                    disabled={ipo.status !== 'open'}
                    loading={closeIpo.isPending}
                    onClick={askClose}
                    data-testid="ipo-close"
                  >
                    Close bidding
                  </Button>
                  <Button
                    disabled={ipo.status !== 'closed'}
                    onClick={() => {
                      setAllotFailure(null);
                      setAllotting(true);
                    }}
                    data-testid="ipo-allot"
                  >
                    Run allotment
                  </Button>
                  <Button
                    color="indigo"
                    disabled={!listable}
                    loading={listIpo.isPending}
                    onClick={askList}
                    data-testid="ipo-list"
                  >
                    List
                  </Button>
                </Group>
                <Text size="xs" c="dimmed" data-testid="ipo-next-step">
                  {nextStep(ipo, listable)}
                </Text>
                {ipo.allotted_at ? (
                  <DetailRow label="Allotted">{formatDateTime(ipo.allotted_at)}</DetailRow>
                ) : null}
                {ipo.issue_price_paise !== null ? (
                  <DetailRow label="Issue price">{formatPaise(ipo.issue_price_paise)}</DetailRow>
                ) : null}
                {ipo.listed_at ? (
                  <DetailRow label="Listed">{formatDateTime(ipo.listed_at)}</DetailRow>
                ) : null}
              </Stack>
            </Card>
          </Stack>
        </Grid.Col>
        {result ? (
          <Grid.Col span={12}>
            <AllotmentResult result={result} />
          </Grid.Col>
        ) : null}
      </Grid>
      <AllotModal
        opened={allotting}
        failure={allotFailure}
        loading={allot.isPending}
        onClose={() => setAllotting(false)}
        onAllot={runAllotment}
        summary={
          <Text size="sm">
            {ipo.symbol}: {formatShares(ipo.applications)} applications for{' '}
            {formatShares(ipo.lots_applied)} lots; {formatShares(lotsOffered)} lots offered (
            {formatSubscription(ipo.subscription)}).
          </Text>
        }
      />
    </>
  );
}

/** What the issue waits for, in a line under the actions. */
function nextStep(ipo: TIpoIssue, listable: boolean): string {
  switch (ipo.status) {
    case 'upcoming':
      return `Bidding opens on ${formatDay(ipo.open_date)}.`;
    case 'open':
      return `Bidding closes on ${formatDay(ipo.close_date)}, or now with Close bidding.`;
    case 'closed':
      return 'Bidding is closed: run the allotment.';
    case 'allotted':
      return listable
        ? 'Allotted: list the issue to make the shares tradable.'
        : `Allotted. The issue can be listed from ${formatDay(ipo.listing_date)}.`;
    case 'listed':
      return 'Listed: allotted shares are tradable.';
    case 'withdrawn':
      return 'Withdrawn.';
  }
}
