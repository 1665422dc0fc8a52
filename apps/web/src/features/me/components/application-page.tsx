import { formatPaise, LOAN_STATUS_LABELS } from '@sampada/shared';
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { QueryState } from '../../../components/market/query-state';
import { paths } from '../../../config/paths';
import { useProfile } from '../../../lib/auth';
import { myLoansQueryOptions } from '../api/get-loans';
import { useMeTranslation } from '../i18n';

/** The client's loan applications and loans, each opening its page. */
function LoanApplications() {
  const { t } = useMeTranslation();
  const loans = useQuery(myLoansQueryOptions());
  return (
    <Stack gap="xs" data-testid="me-loans">
      <Title order={3} size="h5">
        {t('application.loans')}
      </Title>
      <QueryState
        isPending={loans.isPending}
        isError={loans.isError}
        onRetry={() => void loans.refetch()}
        isEmpty={loans.data?.items.length === 0}
        emptyText={t('application.noLoans')}
        rows={2}
      >
        {loans.data?.items.map((loan) => (
          <Paper key={loan.id} withBorder radius="md" p="sm" data-testid="me-loan-row">
            <Group justify="space-between" wrap="nowrap">
              <Stack gap={0}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {loan.product.name}
                  </Text>
                  <Badge variant="light">{LOAN_STATUS_LABELS[loan.status]}</Badge>
                </Group>
                <Text size="xs" c="dimmed">
                  {formatPaise(loan.amount_paise)}
                  {loan.status === 'disbursed'
                    ? ` · ${t('application.outstanding', { amount: formatPaise(loan.outstanding_paise) })}`
                    : ''}
                </Text>
              </Stack>
              <Button component={Link} to={paths.loan(loan.id)} variant="light" size="xs">
                {t('application.open')}
              </Button>
            </Group>
          </Paper>
        ))}
      </QueryState>
    </Stack>
  );
}

/** /me/application: loans (with allow_loan); compensation joins when it opens. */
export function ApplicationPage() {
  const { t } = useMeTranslation();
  const { data: profile } = useProfile();
  return (
    <Stack gap="md">
      {profile?.allow_loan && <LoanApplications />}
      <Text c="dimmed" data-testid="me-application">
        {t('application.text')}
      </Text>
    </Stack>
  );
}
