import { formatCount } from '@sampada/shared';
import { Anchor, Grid, Stack, Text } from '@mantine/core';
import type { TIpoIssue } from '@sampada/shared';
import { Link, useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { useIpo } from '../api/ipos';
import { AllotModal } from '../components/allot-modal';
import { AllotmentResult } from '../components/allotment-result';
import { istToday } from '../utils/dates';
import { formatSubscription } from '../utils/money';
import { IpoActionsCard, IpoDemandCard, IpoIssueCard } from './ipo-detail-cards';
import { useIpoActions } from './use-ipo-actions';

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
  const a = useIpoActions(ipo);
  const listable = ipo.status === 'allotted' && istToday() >= ipo.listing_date.slice(0, 10);
  const lotsOffered = Math.floor(ipo.shares_offered / ipo.lot_size);

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
          <IpoIssueCard ipo={ipo} lotsOffered={lotsOffered} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack>
            <IpoDemandCard ipo={ipo} />
            <IpoActionsCard
              ipo={ipo}
              listable={listable}
              closing={a.closeIpo.isPending}
              listing={a.listIpo.isPending}
              onClose={a.askClose}
              onAllot={a.openAllot}
              onList={a.askList}
            />
          </Stack>
        </Grid.Col>
        {a.result ? (
          <Grid.Col span={12}>
            <AllotmentResult result={a.result} />
          </Grid.Col>
        ) : null}
      </Grid>
      <AllotModal
        opened={a.allotting}
        failure={a.allotFailure}
        loading={a.allot.isPending}
        onClose={() => a.setAllotting(false)}
        onAllot={a.runAllotment}
        summary={
          <Text size="sm">
            {ipo.symbol}: {formatCount(ipo.applications)} applications for{' '}
            {formatCount(ipo.lots_applied)} lots; {formatCount(lotsOffered)} lots offered (
            {formatSubscription(ipo.subscription)}).
          </Text>
        }
      />
    </>
  );
}
