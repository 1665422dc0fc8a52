import {
  BENCHMARK_NAME,
  formatBps,
  formatPaise,
  type TCreditProduct,
  type TLoanView,
} from '@sampada/shared';
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryState } from '../../../components/market/query-state';
import { paths } from '../../../config/paths';
import { useProfile } from '../../../lib/auth';
import { openLoanApplication } from '../../../lib/drawers';
import { creditProductsQueryOptions } from '../api/get-credit-products';
import { loansQueryOptions } from '../api/get-loans';
import { useCreditTranslation } from '../i18n';

export const LOAN_STATUS_COLORS: Record<TLoanView['status'], string> = {
  applied: 'yellow',
  approved: 'blue',
  rejected: 'red',
  cancelled: 'gray',
  disbursed: 'teal',
  closed: 'gray',
  written_off: 'red',
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500}>
        {value}
      </Text>
    </Stack>
  );
}

function ProductCard({ product }: { product: TCreditProduct }) {
  const { t } = useCreditTranslation();
  return (
    <Paper withBorder radius="md" p="md" data-testid={`credit-product-${product.kind}`}>
      <Group justify="space-between" align="flex-start" mb="sm" wrap="nowrap">
        <Stack gap={2}>
          <Title order={3} size="h5">
            {product.name}
          </Title>
          <Text size="sm" c="dimmed">
            {t(`products.repayment.${product.repayment}`)}
          </Text>
        </Stack>
        <Button onClick={() => openLoanApplication(product.id)} data-testid="credit-apply">
          {t('products.apply')}
        </Button>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
        <Fact
          label={t('products.rate')}
          value={t(
            product.rate_type === 'floating' ? 'products.perYearFloating' : 'products.perYear',
            {
              rate: formatBps(product.annual_rate_bps),
              benchmark: BENCHMARK_NAME,
              spread: formatBps(product.spread_bps ?? 0),
              months: product.reset_months ?? 0,
            },
          )}
        />
        <Fact
          label={t('products.amount')}
          value={t('products.range', {
            min: formatPaise(product.min_amount_paise),
            max: formatPaise(product.max_amount_paise),
          })}
        />
        <Fact
          label={t('products.tenure')}
          value={t('products.months', { list: product.tenure_months.join(', ') })}
        />
        {product.ltv_bps !== null && (
          <Fact
            label={t('products.ltv')}
            value={t('products.ltvValue', { ltv: formatBps(product.ltv_bps) })}
          />
        )}
        <Fact
          label={t('products.fee')}
          value={t('products.feeValue', { fee: formatBps(product.processing_fee_bps) })}
        />
      </SimpleGrid>
    </Paper>
  );
}

export function LoanRow({ loan }: { loan: TLoanView }) {
  const { t } = useCreditTranslation();
  const active = loan.status === 'disbursed';
  return (
    <Paper withBorder radius="md" p="sm" data-testid="loan-row">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text fw={600} size="sm">
              {loan.product.name}
            </Text>
            <Badge
              color={LOAN_STATUS_COLORS[loan.status]}
              variant="light"
              data-testid="loan-status"
            >
              {t(`loan.status.${loan.status}`)}
            </Badge>
          </Group>
          <Text size="xs" c="dimmed">
            {formatPaise(loan.amount_paise)} ·{' '}
            {active
              ? `${t('loan.outstanding')} ${formatPaise(loan.outstanding_paise)}`
              : t('apply.tenureOption', { months: loan.tenure_months })}
          </Text>
        </Stack>
        <Button component={Link} to={paths.loan(loan.id)} variant="light" size="xs">
          {t('products.open')}
        </Button>
      </Group>
    </Paper>
  );
}

/**
 * Menu key 'credit/products' (/credit, shown with allow_loan or to a client with loans): the
 * credit products with their terms, each opening the Loan Application drawer, and the
 * client's loans.
 */
export default function CreditProductsPage() {
  const { t } = useCreditTranslation();
  const { data: profile } = useProfile();
  const allowed = profile?.allow_loan === true;
  const products = useQuery({ ...creditProductsQueryOptions(), enabled: allowed });
  // The flag opens new borrowing only: loans already taken stay listed whatever it says.
  const loans = useQuery(loansQueryOptions());
  return (
    <Stack gap="lg" data-testid="credit-products-page">
      <Stack gap={4}>
        <Title order={2}>{t('products.title')}</Title>
        <Text c="dimmed" size="sm">
          {t('products.intro')}
        </Text>
      </Stack>
      {profile && !allowed ? (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />} data-testid="credit-not-allowed">
          {t('apply.notAllowed')}
        </Alert>
      ) : (
        <QueryState
          isPending={products.isPending}
          isError={products.isError}
          onRetry={() => void products.refetch()}
          isEmpty={products.data?.items.length === 0}
          emptyText={t('products.none')}
        >
          <Stack gap="sm">
            {products.data?.items.map((product) => (
              <ProductCard key={product.id} product={product} />
            ))}
          </Stack>
        </QueryState>
      )}
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t('products.myLoans')}
        </Title>
        <QueryState
          isPending={loans.isPending}
          isError={loans.isError}
          onRetry={() => void loans.refetch()}
          isEmpty={loans.data?.items.length === 0}
          emptyText={t('products.noLoans')}
          rows={2}
        >
          <Stack gap="xs" data-testid="loan-list">
            {loans.data?.items.map((loan) => (
              <LoanRow key={loan.id} loan={loan} />
            ))}
          </Stack>
        </QueryState>
      </Stack>
    </Stack>
  );
}
