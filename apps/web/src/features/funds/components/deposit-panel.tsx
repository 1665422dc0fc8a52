import {
  DEPOSIT_METHODS,
  FM,
  FUNDS_DONE,
  M,
  ZDepositRequest,
  formatPaise,
  type TDepositAccount,
  type TDepositMethod,
  type TDepositRequest,
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
  Title,
} from '@mantine/core';
import { IconInfoCircle, IconPhoto } from '@tabler/icons-react';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { CopyButton } from '../../../components/copy-button';
import { AmountField, TextInputField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { isApiError } from '../../../lib/api-client';
import { isKycApproved, useProfile } from '../../../lib/auth';
import { requestResolver } from '../../../lib/forms';
import { translateMessage } from '../../../lib/i18n';
import {
  depositAccountQueryOptions,
  recentDepositsQueryOptions,
  uploadReceipt,
  useRequestDeposit,
} from '../api/funds-api';
import { useFundsTranslation } from '../i18n';
import { StatusBadge } from '../../../components/status-badge';
import { formatDateTime } from '../../../lib/money';
import { useDepositRef } from '../../../lib/drawers';

const errorText = (error: unknown) => translateMessage(isApiError(error) ? error : M.requestFailed);

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
                    <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
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

const focusedRowStyle = {
  p: 'xs',
  bg: 'var(--mantine-color-default-hover)',
  style: { borderRadius: 'var(--mantine-radius-sm)' },
} as const;

/** Brings the deposit a notice named into view once the list has it (below the form). */
function useFocusedDeposit(listed: boolean) {
  const focusId = useDepositRef()?.focusId;
  const focused = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (listed) focused.current?.scrollIntoView?.({ block: 'center' });
  }, [focusId, listed]);
  return { focusId, focused };
}

/** The client's recent deposits and their status; the one a notice named stands out. */
export function RecentDeposits() {
  const { t } = useFundsTranslation();
  const { data } = useQuery({
    ...recentDepositsQueryOptions(),
    refetchInterval: (query) =>
      query.state.data?.items.some((item) => item.status === 'pending') ? 15_000 : false,
  });
  const { focusId, focused } = useFocusedDeposit(Boolean(data));
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
          <Group
            key={item.id}
            ref={item.id === focusId ? focused : undefined}
            justify="space-between"
            wrap="nowrap"
            data-testid="deposit-row"
            data-focused={item.id === focusId || undefined}
            {...(item.id === focusId && focusedRowStyle)}
          >
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

type TForm = Required<Omit<TDepositRequest, 'receipt_url'>>;

const EMPTY: TForm = { amount: '', method: 'NEFT', utr: '' };

/** The form, the receipt uploaded as soon as it is chosen, and the submit that waits for it. */
function useDepositForm() {
  const deposit = useRequestDeposit();
  const { control, handleSubmit, reset, setError, clearErrors, watch, formState } = useForm({
    resolver: requestResolver(ZDepositRequest),
    defaultValues: EMPTY,
  });
  const [receipt, setReceipt] = useState<{ file: File | null; url?: string; busy?: boolean }>({
    file: null,
  });
  const method = watch('method');

  const chooseReceipt = async (file: File | null) => {
    setReceipt({ file, busy: Boolean(file) });
    clearErrors('root.receipt');
    if (!file) return;
    try {
      const url = await uploadReceipt(file);
      setReceipt({ file, url });
    } catch (error) {
      console.error('Receipt upload failed', error);
      setReceipt({ file: null });
      setError('root.receipt', { message: errorText(error) });
    }
  };

  const submit = handleSubmit((values) => {
    if (deposit.isPending || receipt.busy) return;
    const body = { ...values, ...(receipt.url ? { receipt_url: receipt.url } : {}) };
    deposit.mutate(body, {
      onSuccess: () => {
        reset(EMPTY);
        setReceipt({ file: null });
      },
    });
  });

  return { deposit, control, formState, receipt, method, chooseReceipt, submit };
}

type TDepositControl = ReturnType<typeof useDepositForm>['control'];

function DepositMethodField({
  control,
  methods,
}: {
  control: TDepositControl;
  methods: TDepositMethod[];
}) {
  const { t } = useFundsTranslation();
  return (
    <Controller
      control={control}
      name="method"
      render={({ field, fieldState }) => (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('deposit.method')}
          </Text>
          <SegmentedControl
            aria-label={t('deposit.method')}
            data={methods}
            value={field.value}
            onChange={(value) => field.onChange(value as TDepositMethod)}
            fullWidth
          />
          {fieldState.error?.message && (
            <Text size="xs" c="red">
              {translateMessage(fieldState.error.message)}
            </Text>
          )}
        </Stack>
      )}
    />
  );
}

function DepositReceiptField({
  receipt,
  onChoose,
  error,
}: {
  receipt: { file: File | null; url?: string; busy?: boolean };
  onChoose: (file: File | null) => void;
  error: string | undefined;
}) {
  const { t } = useFundsTranslation();
  return (
    <FileInput
      label={t('deposit.receipt')}
      placeholder={t('deposit.receiptPlaceholder')}
      accept="image/*"
      clearable
      clearButtonProps={{ tabIndex: -1 }}
      leftSection={<IconPhoto size={16} />}
      value={receipt.file}
      onChange={onChoose}
      description={
        receipt.busy ? t('deposit.uploading') : receipt.url ? t('deposit.uploaded') : undefined
      }
      error={error}
    />
  );
}

/** KYC not approved, no deposit account set, the account not read, or the request made. */
function DepositNotices({
  kycMissing,
  account,
  result,
}: {
  kycMissing: boolean;
  account: UseQueryResult<TDepositAccount>;
  result: ReturnType<typeof useRequestDeposit>['data'];
}) {
  return (
    <>
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
    </>
  );
}

/** Deposit drawer: the firm's account, the transfer's reference, a receipt (spec §2, §5). */
export function DepositPanel() {
  const { t } = useFundsTranslation();
  const { data: profile } = useProfile();
  const account = useQuery(depositAccountQueryOptions());
  const { deposit, control, formState, receipt, method, chooseReceipt, submit } = useDepositForm();

  if (account.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" />
      </Group>
    );
  const methods = account.data?.methods.length ? account.data.methods : [...DEPOSIT_METHODS];
  const result = deposit.data;
  return (
    <Stack gap="md" data-testid="deposit-panel">
      <DepositNotices
        kycMissing={Boolean(profile && !isKycApproved(profile.kycStatus))}
        account={account}
        result={result}
      />
      <form onSubmit={submit} noValidate aria-label={t('deposit.title')}>
        <Stack gap="sm">
          <AmountField
            control={control}
            name="amount"
            label={t('deposit.amount')}
            description={t('deposit.minimum', {
              amount: formatPaise(account.data?.min_deposit_paise ?? 2_000_000),
            })}
          />
          <DepositMethodField control={control} methods={methods} />
          {account.data?.configured && <AccountDetails account={account.data} method={method} />}
          <TextInputField
            control={control}
            name="utr"
            clean={(text) => text.trim()}
            label={t('deposit.utr')}
            description={t(
              method === 'IMPS' || method === 'UPI' ? 'deposit.rrnHint' : 'deposit.utrHint',
            )}
            autoComplete="off"
          />
          <DepositReceiptField
            receipt={receipt}
            onChoose={(file) => void chooseReceipt(file)}
            error={formState.errors.root?.receipt?.message}
          />
          {deposit.isError && (
            <Alert color="red" role="alert" data-testid="deposit-error">
              {errorText(deposit.error)}
            </Alert>
          )}
          <LoadingButton
            type="submit"
            loading={deposit.isPending}
            disabled={receipt.busy}
            fullWidth
          >
            {t('deposit.submit')}
          </LoadingButton>
        </Stack>
      </form>
      <RecentDeposits />
      {result && (
        <Button variant="subtle" onClick={() => deposit.reset()}>
          {t('deposit.another')}
        </Button>
      )}
    </Stack>
  );
}
