import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { formatPaise, type TIpoIssue, formatCount } from '@sampada/shared';
import { Link } from 'react-router';
import { DetailRow } from '../../../components/detail-row';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/format';
import { Figure } from '../components/figure';
import { TradingStatusBadge } from '../components/trading-status-badge';
import { formatDay } from '../utils/dates';
import { formatSubscription } from '../utils/money';

/** The issue's terms: price band, lots, dates and what the company does. */
export function IpoIssueCard({ ipo, lotsOffered }: { ipo: TIpoIssue; lotsOffered: number }) {
  return (
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
        <DetailRow label="Lot size">{formatCount(ipo.lot_size)} shares</DetailRow>
        <DetailRow label="Minimum bid">
          {formatPaise(ipo.min_bid_paise)} a lot · {ipo.min_lots} to {ipo.max_lots} lots
        </DetailRow>
        <DetailRow label="Shares offered">
          {formatCount(ipo.shares_offered)} ({formatCount(lotsOffered)} lots)
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
  );
}

/** How much the issue was applied for, with a link to the applications on the desk. */
export function IpoDemandCard({ ipo }: { ipo: TIpoIssue }) {
  return (
    <Card withBorder>
      <Title order={4} mb="sm">
        Demand
      </Title>
      <SimpleGrid cols={3}>
        <Figure
          label="Applications"
          value={formatCount(ipo.applications)}
          testId="ipo-applications"
        />
        <Figure label="Lots applied" value={formatCount(ipo.lots_applied)} />
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
  );
}

/** Close, allot and list, each enabled only when the issue is ready for it. */
export function IpoActionsCard({
  ipo,
  listable,
  closing,
  listing,
  onClose,
  onAllot,
  onList,
}: {
  ipo: TIpoIssue;
  listable: boolean;
  closing: boolean;
  listing: boolean;
  onClose: () => void;
  onAllot: () => void;
  onList: () => void;
}) {
  return (
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
            loading={closing}
            onClick={onClose}
            data-testid="ipo-close"
          >
            Close bidding
          </Button>
          <Button disabled={ipo.status !== 'closed'} onClick={onAllot} data-testid="ipo-allot">
            Run allotment
          </Button>
          <Button
            color="indigo"
            disabled={!listable}
            loading={listing}
            onClick={onList}
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
