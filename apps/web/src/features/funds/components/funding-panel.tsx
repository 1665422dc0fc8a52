import { MIN_DEPOSIT, MIN_WITHDRAWAL, formatInr } from '@sampada/shared';
import { Alert, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useFundsTranslation } from '../i18n';

function FundingPanel({ kind, minimum }: { kind: 'deposit' | 'withdraw'; minimum: number }) {
  const { t } = useFundsTranslation();
  return (
    <Stack gap="md" data-testid={`${kind}-panel`}>
      <Alert variant="light" icon={<IconInfoCircle size={18} />}>
        {t(`${kind}.text`)}
      </Alert>
      <Text fw={600}>{t(`${kind}.minimum`, { amount: formatInr(minimum) })}</Text>
      <Text size="sm" c="dimmed">
        {t(`${kind}.how`)}
      </Text>
    </Stack>
  );
}

/** Deposit drawer body; the money release fills it with the deposit form. */
export const DepositPanel = () => <FundingPanel kind="deposit" minimum={MIN_DEPOSIT} />;

/** Withdraw drawer body; the money release fills it with the withdrawal form. */
export const WithdrawPanel = () => <FundingPanel kind="withdraw" minimum={MIN_WITHDRAWAL} />;
