import {
  DEPOSIT_METHODS,
  FM,
  FUNDS_DONE,
  ZDepositRequest,
  formatPaise,
  type TDepositAccount,
  type TDepositMethod,
  type TDepositView,
} from '@sampada/shared';
import {
  Alert,
  Button,
  FileInput,
  Group,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconInfoCircle, IconPhoto } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { CopyButton } from '../../../components/copy-button';
import { LoadingButton } from '../../../components/loading-button';
import { isApiError } from '../../../lib/api-client';
import { isKycApproved, useProfile } from '../../../lib/auth';
import { translateMessage } from '../../../lib/i18n';
import { M } from '@sampada/shared';
import {
  depositAccountQueryOptions,
  invalidateMoney,
  recentDepositsQueryOptions,
  requestDeposit,
  uploadReceipt,
} from '../api/funds-api';
import { useFundsTranslation } from '../i18n';
import { AmountInput } from '../../../components/amount-input';
import { StatusBadge } from '../../../components/status-badge';
import { fieldErrors, formatDateTime } from '../../../lib/money';
import { useIdempotencyKey } from '../../../lib/use-idempotency-key';

const errorText = (error: unknown) =>
  translateMessage(isApiError(error) ? error.message : M.requestFailed);

function AccountDetails({ account, method }: { account: TDepositAccount; method: string }) {
  const { t } = useFundsTranslation();
  const rows: [string, string][] =
    method === 'UPI' && account.upi_id
      ? [
          [t('deposit.upiId'), account.upi_id],
          [t('deposit.accountName'), account.account_name],
        ]
      : [
          [t('deposit.accountName'), account.account_name],
          [t('deposit.accountNumber'), account.account_number],
          [t('deposit.ifsc'), account.ifsc],
          [t('deposit.bank'), account.bank_name],
          [t('deposit.branch'), account.branch],
        ];
  return (
    <Paper withBorder p="sm" radius="md" data-testid="deposit-account">
      <Text fw={600} size="sm" mb={4}>
        {t('deposit.payTo')}
      </Text>
      <Table variant="vertical" layout="fixed">
        <Table.Tbody>
          {rows
            .filter(([, value]) => value)
            .map(([label, value]) => (
              <Table.Tr key={label}>
                <Table.Th w="40%">{label}</Table.Th>
                <Table.Td>
                  <Group gap={4} wrap="nowrap" justify="space-between">
                    <Text size="sm" style={{ wordBreak: 'break-all' }}>
                      {value}
                    </Text>
                    <CopyButton value={value} label={label} />
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
        </Table.Tbody>
      </Table>
    </Paper>
  );
}

/** The client's recent deposits and their status. */
export function RecentDeposits() {
  const { t } = useFundsTranslation();
  const { data } = useQuery({
    ...recentDepositsQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'pending') ? 15_000 : false,
  });
  if (!data) return null;
  return (
    <Stack gap="xs" data-testid="recent-deposits">
      <Title order={3} size="h5">
        {t('deposit.recent')}
      </Title>
      {data.items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('deposit.none')}
        </Text>
      ) : (
        data.items.map((item) => (
          <Group key={item.id} justify="space-between" wrap="nowrap" data-testid="deposit-row">
            <Stack gap={0}>
              <Text size="sm" fw={600}>
                {formatPaise(item.amount_paise)} · {item.method}
              </Text>
              <Text size="xs" c="dimmed">
                {item.utr} · {formatDateTime(item.created_at)}
                {item.reason ? ` · ${item.reason}` : ''}
              </Text>
            </Stack>
            <StatusBadge status={item.status} />
          </Group>
        ))
      )}
    </Stack>
  );
}

interface TForm {
  amount: string | number;
  method: TDepositMethod;
  utr: string;
}

const EMPTY: TForm = { amount: '', method: 'NEFT', utr: '' };

/** Deposit drawer: the firm's account, the transfer's reference, a receipt (spec §2, §5). */
export function DepositPanel() {
  const { t } = useFundsTranslation();
  const { data: profile } = useProfile();
  const account = useQuery(depositAccountQueryOptions());
  const idempotency = useIdempotencyKey();
  const [form, setForm] = useState<TForm>(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [receipt, setReceipt] = useState<{ file: File | null; url?: string; busy?: boolean }>({
    file: null,
  });
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<TDepositView | null>(null);

  const set = <K extends keyof TForm>(key: K, value: TForm[K]) => {
    setForm((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: '' }));
  };

  const chooseReceipt = async (file: File | null) => {
    setReceipt({ file, busy: Boolean(file) });
    if (!file) return;
    try {
      const url = await uploadReceipt(file);
      setReceipt({ file, url });
    } catch (error) {
      console.error('Receipt upload failed', error);
      setReceipt({ file: null });
      setErrors((current) => ({ ...current, receipt_url: errorText(error) }));
    }
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy || receipt.busy) return;
    const body = {
      amount: form.amount,
      method: form.method,
      utr: form.utr,
      ...(receipt.url ? { receipt_url: receipt.url } : {}),
    };
    const parsed = ZDepositRequest.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const deposit = await requestDeposit(body, idempotency.keyFor(body));
      idempotency.done();
      setResult(deposit);
      setForm(EMPTY);
      setReceipt({ file: null });
      void invalidateMoney();
    } catch (error) {
      console.error('Deposit request failed', error);
      setFailure(errorText(error));
    } finally {
      setBusy(false);
    }
  };

  if (account.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" />
      </Group>
    );
  const methods = account.data?.methods.length ? account.data.methods : [...DEPOSIT_METHODS];
  const kycMissing = profile && !isKycApproved(profile.kycStatus);
  return (
    <Stack gap="md" data-testid="deposit-panel">
      {kycMissing && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
          {FM.kycRequired}
        </Alert>
      )}
      {account.data && !account.data.configured && (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
          {FM.depositAccountMissing}
        </Alert>
      )}
      {account.isError && <Alert color="red">{errorText(account.error)}</Alert>}
      {result && (
        <Alert color="teal" title={FUNDS_DONE.depositRequested} data-testid="deposit-result">
          <Group gap="xs">
            <Text size="sm">
              {formatPaise(result.amount_paise)} · {result.method} · {result.utr}
            </Text>
            <StatusBadge status={result.status} />
          </Group>
        </Alert>
      )}
      <form onSubmit={submit} noValidate aria-label={t('deposit.title')}>
        <Stack gap="sm">
          <AmountInput
            label={t('deposit.amount')}
            description={t('deposit.minimum', {
              amount: formatPaise(account.data?.min_deposit_paise ?? 2_000_000),
            })}
            value={form.amount}
            onChange={(value) => set('amount', value)}
            error={errors.amount || undefined}
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t('deposit.method')}
            </Text>
            <SegmentedControl
              aria-label={t('deposit.method')}
              data={methods}
              value={form.method}
              onChange={(value) => set('method', value as TDepositMethod)}
              fullWidth
            />
            {errors.method && (
              <Text size="xs" c="red">
                {errors.method}
              </Text>
            )}
          </Stack>
          {account.data?.configured && (
            <AccountDetails account={account.data} method={form.method} />
          )}
          <TextInput
            label={t('deposit.utr')}
            description={t(
              form.method === 'IMPS' || form.method === 'UPI'
                ? 'deposit.rrnHint'
                : 'deposit.utrHint',
            )}
            value={form.utr}
            onChange={(event) => set('utr', event.currentTarget.value.trim())}
            error={errors.utr || undefined}
            autoComplete="off"
          />
          <FileInput
            label={t('deposit.receipt')}
            placeholder={t('deposit.receiptPlaceholder')}
            accept="image/*"
            clearable
            leftSection={<IconPhoto size={16} />}
            value={receipt.file}
            onChange={(file) => void chooseReceipt(file)}
            description={
              receipt.busy
                ? t('deposit.uploading')
                : receipt.url
                  ? t('deposit.uploaded')
                  : undefined
            }
            error={errors.receipt_url || undefined}
          />
          {failure && (
            <Alert color="red" role="alert" data-testid="deposit-error">
              {failure}
            </Alert>
          )}
          <LoadingButton type="submit" loading={busy} disabled={receipt.busy} fullWidth>
            {t('deposit.submit')}
          </LoadingButton>
        </Stack>
      </form>
      <RecentDeposits />
      {result && (
        <Button variant="subtle" onClick={() => setResult(null)}>
          {t('deposit.another')}
        </Button>
      )}
    </Stack>
  );
}
