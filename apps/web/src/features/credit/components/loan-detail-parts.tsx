import { formatPaise, type TLoanDetail } from '@sampada/shared';
import { Anchor, Badge, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { CardTable } from '../../../components/card-table';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/money';
import { useCreditTranslation } from '../i18n';
import { LOAN_STATUS_COLORS } from './credit-products-page';
import { LoanFigure } from './loan-figure';
import { formatDay } from '../../../lib/datetime';

/** Back to credit, the product, its status (and approvals while applied), and the reason. */
export function LoanHeading({ loan }: { loan: TLoanDetail }) {
  const { t } = useCreditTranslation();
  return (
    <Stack gap={4}>
      <Anchor component={Link} to={paths.credit} size="sm">
        ← {t('loan.back')}
      </Anchor>
      <Group gap="sm">
        <Title order={2}>{loan.product.name}</Title>
        <Badge color={LOAN_STATUS_COLORS[loan.status]} variant="light" data-testid="loan-status">
          {t(`loan.status.${loan.status}`)}
        </Badge>
        {loan.status === 'applied' && (
          <Text size="sm" c="dimmed" data-testid="loan-approvals">
            {t('loan.approvals', { given: loan.approvals, needed: loan.approvals_required })}
          </Text>
        )}
      </Group>
      {loan.reason && (
        <Text size="sm" c="dimmed">
          {t('loan.reason')}: {loan.reason}
        </Text>
      )}
    </Stack>
  );
}

/** What was lent, what is outstanding, accrued, paid and due. */
export function LoanFigures({ loan }: { loan: TLoanDetail }) {
  const { t } = useCreditTranslation();
  return (
    <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm">
      <LoanFigure label={t('loan.amount')} value={formatPaise(loan.amount_paise)} />
      <LoanFigure
        label={t('loan.outstanding')}
        value={formatPaise(loan.outstanding_paise)}
        testId="loan-outstanding"
      />
      <LoanFigure
        label={t('loan.principal')}
        value={formatPaise(loan.outstanding_principal_paise)}
      />
      <LoanFigure
        label={t('loan.accrued')}
        value={formatPaise(loan.accrued_interest_paise)}
        hint={
          loan.accrued_through
            ? t('loan.accruedThrough', { day: formatDay(loan.accrued_through) })
            : undefined
        }
        testId="loan-accrued"
      />
      <LoanFigure
        label={t('loan.paid')}
        value={formatPaise(
          loan.paid_principal_paise + loan.paid_interest_paise + loan.paid_fees_paise,
        )}
        hint={t('loan.paidSplit', {
          principal: formatPaise(loan.paid_principal_paise),
          interest: formatPaise(loan.paid_interest_paise),
        })}
        testId="loan-paid"
      />
      <LoanFigure
        label={t('loan.dueNow')}
        value={formatPaise(loan.due_now_paise)}
        hint={
          loan.past_due_paise > 0
            ? `Past due ${formatPaise(loan.past_due_paise)} · ${loan.dpd} days`
            : loan.next_due_date
              ? `${t('loan.nextDue')}: ${formatDay(loan.next_due_date)}`
              : undefined
        }
        testId="loan-due"
      />
      <LoanFigure
        label="Interest accrued, not yet due"
        value={formatPaise(loan.accrued_not_due_paise)}
        testId="loan-accrued-not-due"
      />
    </SimpleGrid>
  );
}

export function LoanSchedule({ loan }: { loan: TLoanDetail }) {
  const { t } = useCreditTranslation();
  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('loan.schedule')}
      </Title>
      <CardTable minWidth={520} striped withTableBorder fz="sm" data-testid="loan-schedule">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('loan.due')}</Table.Th>
            <Table.Th ta="right">{t('loan.days')}</Table.Th>
            <Table.Th ta="right">{t('loan.interest')}</Table.Th>
            <Table.Th ta="right">{t('loan.principalCol')}</Table.Th>
            <Table.Th ta="right">{t('loan.instalment')}</Table.Th>
            <Table.Th ta="right">{t('loan.balance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loan.schedule.map((i) => (
            <Table.Tr key={i.number}>
              <Table.Td>{formatDay(i.due_date)}</Table.Td>
              <Table.Td ta="right">{i.days}</Table.Td>
              <Table.Td ta="right">{formatPaise(i.interest_paise)}</Table.Td>
              <Table.Td ta="right">{formatPaise(i.principal_paise)}</Table.Td>
              <Table.Td ta="right">{formatPaise(i.amount_paise)}</Table.Td>
              <Table.Td ta="right">{formatPaise(i.balance_after_paise)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </CardTable>
    </Stack>
  );
}

/** The loan's events, newest first. */
export function LoanHistory({ loan }: { loan: TLoanDetail }) {
  const { t } = useCreditTranslation();
  return (
    <Stack gap="xs" data-testid="loan-history">
      <Title order={3} size="h5">
        {t('loan.history')}
      </Title>
      {[...loan.events].reverse().map((event, index) => (
        <Group key={`${event.at}-${index}`} gap="sm" wrap="nowrap" align="flex-start">
          <Text size="xs" c="dimmed" w={150} style={{ flexShrink: 0 }}>
            {formatDateTime(event.at)}
          </Text>
          <Text size="sm">{event.message}</Text>
        </Group>
      ))}
    </Stack>
  );
}
