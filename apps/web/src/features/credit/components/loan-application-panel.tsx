import { zodResolver } from '@hookform/resolvers/zod';
import {
  formatBps,
  formatPaise,
  LM,
  M,
  rupeeAmount,
  type TCreditProduct,
  type TKeyFactStatement,
  type TLoanQuote,
  type TLoanQuoteRequest,
  type TPledgeableHolding,
  ZLoanQuoteRequest,
} from '@sampada/shared';
import {
  Alert,
  Button,
  Divider,
  Group,
  Loader,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCircleCheck, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { Controller, type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { AmountInput } from '../../../components/amount-input';
import { LoadingButton } from '../../../components/loading-button';
import { PinField, ZPinTyped } from '../../../components/pin-field';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth';
import { closeGlobalDrawer, openSetPin } from '../../../lib/drawers';
import { translateMessage } from '../../../lib/i18n';
import { useApplyForLoan } from '../api/apply-for-loan';
import { creditProductsQueryOptions } from '../api/get-credit-products';
import { issueKeyFacts } from '../api/key-facts';
import { loanQuoteQueryOptions } from '../api/get-loan-quote';
import { useCreditTranslation } from '../i18n';
import { KeyFactStatement } from './key-fact-statement';

/**
 * The form: the API's own fields (product, tenure) from the shared request schema; the
 * amount typed in rupees (the API takes paise), a quantity per holding (0: not pledged) and
 * the 6-digit PIN typed before it is hashed.
 */
/**
 * The lists open in the fixed slide-up drawer, so they are placed as fixed too. Placed in the
 * page (absolute, the default), a list wider than the room beside its field widened a 375 px
 * page: the phone's layout viewport grew, the drawer and field moved, the list was placed
 * again, and the page never settled (the tenure click the phone run of the loan spec never
 * completed). A fixed list adds nothing to the page's width.
 */
const IN_DRAWER = { floatingStrategy: 'fixed' } as const;

const ZLoanApplicationForm = z.object({
  product_id: ZLoanQuoteRequest.shape.product_id,
  tenure_months: ZLoanQuoteRequest.shape.tenure_months,
  amount: rupeeAmount(1n, LM.amountPositive),
  // A holding's box the client never touched is registered with no value: it pledges nothing
  // (a required number here failed the whole form silently, issue 31).
  pledges: z.record(z.string(), z.number().int().min(0, LM.pledgeQuantityInvalid).optional()),
  pin: ZPinTyped,
});
type TFormInput = z.input<typeof ZLoanApplicationForm>;
type TFormOutput = z.output<typeof ZLoanApplicationForm>;

const pledgeLines = (quantities: Record<string, number | undefined>) =>
  Object.entries(quantities)
    .filter(([, quantity]) => Number.isInteger(quantity) && (quantity ?? 0) > 0)
    .map(([symbol, quantity]) => ({ symbol, quantity: quantity! }));

/**
 * The first reason the form refused, wherever it sits (a pledge's quantity has no message of
 * its own on screen), so that Apply never does nothing without saying why.
 */
export function firstErrorMessage(errors: FieldErrors): string | null {
  for (const [key, value] of Object.entries(errors)) {
    if (key === 'ref' || !value || typeof value !== 'object') continue;
    if (typeof value.message === 'string' && value.message) return value.message;
    const nested = firstErrorMessage(value as FieldErrors);
    if (nested) return nested;
  }
  return null;
}

/** LTV × Σ price × quantity pledged, in paise: what the pledge lets the client borrow. */
export function eligibilityOf(
  product: TCreditProduct | undefined,
  holdings: TPledgeableHolding[],
  quantities: Record<string, number | undefined>,
) {
  if (!product || product.ltv_bps === null) return null;
  let value = 0n;
  for (const line of pledgeLines(quantities)) {
    const price = holdings.find((h) => h.symbol === line.symbol)?.price_paise;
    if (price != null) value += BigInt(price) * BigInt(line.quantity);
  }
  return { value, eligible: (value * BigInt(product.ltv_bps)) / 10_000n };
}

function QuoteFigures({ quote }: { quote: TLoanQuote }) {
  const { t } = useCreditTranslation();
  const rows: [string, string][] = [
    [t(`apply.instalment.${quote.repayment}`), formatPaise(quote.instalment_paise)],
    [t('apply.totalInterest'), formatPaise(quote.total_interest_paise)],
    [t('apply.fee'), formatPaise(quote.processing_fee_paise)],
    [t('apply.gst'), formatPaise(quote.fee_gst_paise)],
    [t('apply.net'), formatPaise(quote.net_disbursal_paise)],
    [t('apply.totalRepayable'), formatPaise(quote.total_repayable_paise)],
    [t('apply.apr'), formatBps(quote.apr_bps)],
  ];
  return (
    <Stack gap="xs" data-testid="loan-quote">
      <Title order={4} size="h6">
        {t('apply.quote')}
      </Title>
      <SimpleGrid cols={2} spacing={4}>
        {rows.map(([label, value]) => (
          <Group key={label} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text size="sm" fw={500}>
              {value}
            </Text>
          </Group>
        ))}
      </SimpleGrid>
      <Table striped withTableBorder fz="xs" data-testid="loan-quote-schedule">
        {/* Three columns of amounts say nothing without their names (issue 31). */}
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('loan.due')}</Table.Th>
            <Table.Th ta="right">{t('loan.instalment')}</Table.Th>
            <Table.Th ta="right">{t('loan.balance')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {quote.schedule.map((i) => (
            <Table.Tr key={i.number}>
              <Table.Td>{i.due_date}</Table.Td>
              <Table.Td ta="right">{formatPaise(i.amount_paise)}</Table.Td>
              <Table.Td ta="right" c="dimmed">
                {formatPaise(i.balance_after_paise)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

/** Loan Application slide-up drawer (spec §2): product, amount, tenure, pledge, quote, PIN. */
export function LoanApplicationPanel({ productId }: { productId?: string | undefined }) {
  const { t } = useCreditTranslation();
  const navigate = useNavigate();
  const { data: profile } = useProfile();
  const allowed = profile?.allow_loan === true;
  const catalogue = useQuery({ ...creditProductsQueryOptions(), enabled: allowed });
  const apply = useApplyForLoan();
  const products = catalogue.data?.items ?? [];
  const holdings = catalogue.data?.holdings ?? [];

  const form = useForm<TFormInput, unknown, TFormOutput>({
    resolver: zodResolver(ZLoanApplicationForm),
    defaultValues: {
      product_id: productId ?? '',
      tenure_months: undefined as unknown as number,
      amount: '',
      pledges: {},
      pin: '',
    },
  });
  const values = useWatch({ control: form.control });
  const product = products.find((p) => p.id === values.product_id);
  const secured = product?.kind === 'loan_against_shares';
  const pledged = useMemo(() => values.pledges ?? {}, [values.pledges]);
  const eligibility = eligibilityOf(product, holdings, pledged);

  // The quote follows what is typed, once it is a complete request.
  const request = useMemo((): TLoanQuoteRequest | null => {
    if (!product || !values.tenure_months) return null;
    const amount = ZLoanApplicationForm.shape.amount.safeParse(values.amount ?? '');
    if (!amount.success) return null;
    const lines = secured ? pledgeLines(pledged) : [];
    if (secured && lines.length === 0) return null;
    const body = {
      product_id: product.id,
      amount_paise: Number(amount.data),
      tenure_months: values.tenure_months,
      pledges: lines,
    };
    // Checked with the API's schema; sent as typed (the parsed form holds a bigint).
    return ZLoanQuoteRequest.safeParse(body).success ? body : null;
  }, [product, values.tenure_months, values.amount, pledged, secured]);
  const [debounced] = useDebouncedValue(request, 400);
  const quote = useQuery(loanQuoteQueryOptions(debounced));

  // The key fact statement for exactly these terms; any change of terms asks for a new one.
  const terms = request ? JSON.stringify(request) : null;
  const [kfs, setKfs] = useState<{ terms: string; statement: TKeyFactStatement } | null>(null);
  const [accepted, setAccepted] = useState(false);
  const current = kfs && kfs.terms === terms ? kfs.statement : null;
  const readKfs = useMutation({
    mutationFn: (body: TLoanQuoteRequest) => issueKeyFacts(body),
    onSuccess: (statement, body) => {
      setKfs({ terms: JSON.stringify(body), statement });
      setAccepted(false);
    },
  });

  const [invalid, setInvalid] = useState<string | null>(null);
  const submit = form.handleSubmit(
    (data) => {
      setInvalid(null);
      if (profile && !profile.has_pin) {
        openSetPin();
        return;
      }
      if (!current || !accepted) {
        setInvalid(t('kfs.acceptFirst'));
        return;
      }
      apply.mutate(
        {
          kfs_id: current.id,
          product_id: data.product_id,
          amount_paise: Number(data.amount),
          tenure_months: data.tenure_months,
          pledges: secured ? pledgeLines(data.pledges) : [],
          pin: data.pin,
        },
        {
          onError: (error) => {
            if (isApiError(error) && error.message === LM.setPinForLoans) openSetPin();
            form.setValue('pin', '');
          },
        },
      );
    },
    (errors) => {
      apply.reset();
      setInvalid(firstErrorMessage(errors) ?? M.requestFailed);
    },
  );

  if (profile && !allowed)
    return (
      <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
        {t('apply.notAllowed')}
      </Alert>
    );
  if (!profile || catalogue.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" />
      </Group>
    );

  if (apply.data) {
    const loanId = apply.data.id;
    return (
      <Stack gap="md" data-testid="loan-applied">
        <Alert color="teal" icon={<IconCircleCheck size={18} />}>
          {t('apply.done')}
        </Alert>
        <Button
          onClick={() => void closeGlobalDrawer().then(() => navigate(paths.loan(loanId)))}
          data-testid="loan-applied-view"
        >
          {t('apply.view')}
        </Button>
      </Stack>
    );
  }

  const failure = apply.error
    ? translateMessage(isApiError(apply.error) ? apply.error.message : M.requestFailed)
    : null;
  const quoteFailure =
    quote.error && isApiError(quote.error) ? translateMessage(quote.error.message) : null;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md" data-testid="loan-application-panel">
        <Controller
          control={form.control}
          name="product_id"
          render={({ field, fieldState }) => (
            <Select
              label={t('apply.product')}
              data={products.map((p) => ({ value: p.id, label: p.name }))}
              value={field.value || null}
              onChange={(value) => {
                field.onChange(value ?? '');
                form.setValue('tenure_months', undefined as unknown as number);
                form.setValue('pledges', {});
              }}
              error={fieldState.error?.message}
              allowDeselect={false}
              comboboxProps={IN_DRAWER}
              data-testid="loan-product"
            />
          )}
        />
        {product && (
          <>
            <Controller
              control={form.control}
              name="amount"
              render={({ field, fieldState }) => (
                <AmountInput
                  label={t('apply.amount')}
                  description={t('products.range', {
                    min: formatPaise(product.min_amount_paise),
                    max: formatPaise(product.max_amount_paise),
                  })}
                  value={(field.value as string | number) ?? ''}
                  onChange={field.onChange}
                  error={fieldState.error?.message}
                  data-testid="loan-amount"
                />
              )}
            />
            <Controller
              control={form.control}
              name="tenure_months"
              render={({ field, fieldState }) => (
                <Select
                  label={t('apply.tenure')}
                  data={product.tenure_months.map((m) => ({
                    value: String(m),
                    label: t('apply.tenureOption', { months: m }),
                  }))}
                  value={field.value ? String(field.value) : null}
                  onChange={(value) => field.onChange(value ? Number(value) : undefined)}
                  error={fieldState.error?.message}
                  allowDeselect={false}
                  comboboxProps={IN_DRAWER}
                  data-testid="loan-tenure"
                />
              )}
            />
          </>
        )}
        {secured && product.ltv_bps !== null && (
          <Stack gap="xs" data-testid="loan-pledge">
            <Title order={4} size="h6">
              {t('apply.pledge')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('apply.pledgeHint', { ltv: formatBps(product.ltv_bps) })}
            </Text>
            {holdings.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('apply.noHoldings')}
              </Text>
            )}
            {holdings.map((h) => (
              <Controller
                key={h.symbol}
                control={form.control}
                name={`pledges.${h.symbol}`}
                render={({ field }) => (
                  <Group justify="space-between" wrap="nowrap" gap="sm">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Text size="sm" fw={600}>
                        {h.symbol}
                      </Text>
                      <Text size="xs" c="dimmed" truncate>
                        {t('apply.free', {
                          count: h.free_quantity,
                          price:
                            h.price_paise === null
                              ? t('apply.noPrice')
                              : formatPaise(h.price_paise),
                        })}
                      </Text>
                    </Stack>
                    <NumberInput
                      w={120}
                      min={0}
                      max={h.free_quantity}
                      allowDecimal={false}
                      allowNegative={false}
                      clampBehavior="strict"
                      aria-label={`${t('apply.quantity')} ${h.symbol}`}
                      value={field.value ?? 0}
                      onChange={(value) => field.onChange(typeof value === 'number' ? value : 0)}
                      disabled={h.free_quantity === 0 || h.price_paise === null}
                      data-testid={`loan-pledge-${h.symbol}`}
                    />
                  </Group>
                )}
              />
            ))}
            {eligibility && (
              <Group justify="space-between" data-testid="loan-eligibility">
                <Text size="sm">
                  {t('apply.pledgeValue')}: {formatPaise(eligibility.value)}
                </Text>
                <Text size="sm" fw={600}>
                  {t('apply.eligibility')} {formatPaise(eligibility.eligible)}
                </Text>
              </Group>
            )}
          </Stack>
        )}
        {quoteFailure && debounced && (
          <Alert color="red" data-testid="loan-quote-error">
            {quoteFailure}
          </Alert>
        )}
        {quote.data && debounced && !quoteFailure && <QuoteFigures quote={quote.data} />}
        {request && !current && !quoteFailure && (
          <Button
            variant="light"
            loading={readKfs.isPending}
            onClick={() => readKfs.mutate(request)}
            data-testid="loan-kfs-open"
          >
            {t('kfs.read')}
          </Button>
        )}
        {readKfs.error && (
          <Alert color="red" data-testid="loan-kfs-error">
            {translateMessage(isApiError(readKfs.error) ? readKfs.error.message : M.requestFailed)}
          </Alert>
        )}
        {current && <KeyFactStatement kfs={current} accepted={accepted} onAccept={setAccepted} />}
        <Divider />
        <PinField control={form.control} name="pin" label={t('apply.pinLabel')} testId="loan-pin" />
        {(failure ?? invalid) && (
          <Alert color="red" role="alert" data-testid="loan-apply-error">
            {failure ?? translateMessage(invalid ?? '')}
          </Alert>
        )}
        <LoadingButton type="submit" loading={apply.isPending} data-testid="loan-submit">
          {t('apply.submit')}
        </LoadingButton>
      </Stack>
    </form>
  );
}
