import { Card, SimpleGrid, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { paths } from '../../../config/paths';
import { humanise } from '../../../lib/format';
import { useSession } from '../../../lib/session';
import { useDashboard } from '../api/get-dashboard';

/** The work queues this role works, with how much waits in each. Later issues add queues. */
const QUEUES: Record<string, { label: string; to: string; hint: string }> = {
  kyc_pending: { label: 'KYC waiting for review', to: paths.kycQueue, hint: 'Oldest first' },
  deposits_pending: {
    label: 'Deposits to confirm',
    to: paths.deposits,
    hint: 'Check the UTR, then credit',
  },
  withdrawals_pending: {
    label: 'Withdrawals to pay',
    to: paths.withdrawals,
    hint: 'On hold until paid',
  },
  orders_awaiting_desk: {
    label: 'Orders awaiting the desk',
    to: paths.tradingDesk,
    hint: 'Allocate or confirm, oldest first',
  },
  loans_applied: {
    label: 'Loans to decide',
    to: paths.loans,
    hint: 'Check the pledge, then approve or reject',
  },
  settlement_waiting: {
    label: 'Settlement batches waiting',
    to: paths.settlement,
    hint: 'Approve as a second officer, or resume payouts',
  },
};

export function DashboardPage() {
  const current = useSession();
  const dashboard = useDashboard();
  const entries = Object.entries(dashboard.data?.queues ?? {});
  return (
    <>
      <PageHeader
        title={`Welcome, ${current?.staff.name ?? ''}`}
        description="Work waiting for you"
      />
      <QueryState isPending={dashboard.isPending} error={dashboard.error}>
        {entries.length === 0 ? (
          <Text c="dimmed">No work queues for your role yet.</Text>
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }}>
            {entries.map(([key, count]) => {
              const queue = QUEUES[key] ?? { label: humanise(key), to: paths.dashboard, hint: '' };
              return (
                <Card
                  key={key}
                  withBorder
                  component={Link}
                  to={queue.to}
                  data-testid={`queue-${key}`}
                >
                  <Text size="sm" c="dimmed">
                    {queue.label}
                  </Text>
                  <Text fz={34} fw={700} lh={1.3}>
                    {count}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {queue.hint}
                  </Text>
                </Card>
              );
            })}
          </SimpleGrid>
        )}
      </QueryState>
    </>
  );
}
