import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Group,
  Modal,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
} from '@mantine/core';
import {
  bpsToPercent,
  CREDIT_PRODUCT_KINDS,
  DEFAULT_COOLING_OFF_DAYS,
  MAX_COOLING_OFF_DAYS,
  RATE_TYPES,
  paiseToRupeeNumber,
  percentToBps,
  parseRupeesToPaise,
  REPAYMENT_KINDS,
  type TCreditProduct,
  type TCreditProductInput,
  ZCreditProductInput,
} from '@sampada/shared';
import { Controller, useForm } from 'react-hook-form';
import type { z } from 'zod';

type TOutput = z.output<typeof ZCreditProductInput>;

const KIND_LABELS = { loan_against_shares: 'Loan against shares', personal: 'Personal loan' };
const REPAYMENT_LABELS = { emi: 'EMI', interest_only: 'Interest only, principal at the end' };
const RATE_TYPE_LABELS = { fixed: 'Fixed for the tenure', floating: 'Floating' };

const blank: TCreditProductInput = {
  name: '',
  kind: 'personal',
  repayment: 'emi',
  annual_rate_bps: 1_200,
  tenure_months: [12],
  min_amount_paise: 1_000_000,
  max_amount_paise: 50_000_000,
  ltv_bps: null,
  margin_call_ltv_bps: null,
  sell_off_ltv_bps: null,
  processing_fee_bps: 100,
  cooling_off_days: DEFAULT_COOLING_OFF_DAYS,
  rate_type: 'fixed',
  foreclosure_charge_bps: 0,
  active: true,
};

const inputOf = (p: TCreditProduct): TCreditProductInput => ({
  name: p.name,
  kind: p.kind,
  repayment: p.repayment,
  annual_rate_bps: p.annual_rate_bps,
  tenure_months: p.tenure_months,
  min_amount_paise: p.min_amount_paise,
  max_amount_paise: p.max_amount_paise,
  ltv_bps: p.ltv_bps,
  margin_call_ltv_bps: p.margin_call_ltv_bps,
  sell_off_ltv_bps: p.sell_off_ltv_bps,
  processing_fee_bps: p.processing_fee_bps,
  cooling_off_days: p.cooling_off_days,
  rate_type: p.rate_type,
  foreclosure_charge_bps: p.foreclosure_charge_bps,
  active: p.active,
});

/** Percent typed, basis points kept (a rate, not money). */
const pct = (bps: number | null | undefined) => (bps == null ? '' : bpsToPercent(bps));
const bpsOf = (value: string | number) => (value === '' ? null : percentToBps(value));
/** Rupees typed, paise kept, split at the point (never multiplied as a float). */
const rupees = (paise: unknown) => (typeof paise === 'number' ? paiseToRupeeNumber(paise) : '');
const paiseOf = (value: string | number) => {
  const parsed = parseRupeesToPaise(String(value));
  return parsed.ok ? Number(parsed.paise) : 0;
};

/** The product editor (admin): the shared request schema is the form's rules. */
export function ProductEditorModal({
  product,
  opened,
  saving,
  failure,
  onClose,
  onSave,
}: {
  product: TCreditProduct | null;
  opened: boolean;
  saving: boolean;
  failure: string | null;
  onClose: () => void;
  onSave: (input: TCreditProductInput) => void;
}) {
  const form = useForm<TCreditProductInput, unknown, TOutput>({
    resolver: zodResolver(ZCreditProductInput),
    defaultValues: product ? inputOf(product) : blank,
  });
  const kind = form.watch('kind');
  const errors = form.formState.errors;
  const submit = form.handleSubmit(() => onSave(form.getValues()));
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={product ? 'Edit credit product' : 'New credit product'}
      size="lg"
    >
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Stack>
          {failure ? <Alert color="red">{failure}</Alert> : null}
          <TextInput label="Name" {...form.register('name')} error={errors.name?.message} />
          <SimpleGrid cols={2}>
            <Controller
              control={form.control}
              name="kind"
              render={({ field }) => (
                <Select
                  label="Kind"
                  data={CREDIT_PRODUCT_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
                  value={field.value}
                  onChange={(v) => field.onChange(v)}
                  allowDeselect={false}
                />
              )}
            />
            <Controller
              control={form.control}
              name="repayment"
              render={({ field }) => (
                <Select
                  label="Repayment"
                  data={REPAYMENT_KINDS.map((k) => ({ value: k, label: REPAYMENT_LABELS[k] }))}
                  value={field.value}
                  onChange={(v) => field.onChange(v)}
                  allowDeselect={false}
                />
              )}
            />
            <Controller
              control={form.control}
              name="annual_rate_bps"
              render={({ field }) => (
                <NumberInput
                  label="Annual rate (%)"
                  decimalScale={2}
                  value={pct(field.value)}
                  onChange={(v) => field.onChange(bpsOf(v) ?? 0)}
                  error={errors.annual_rate_bps?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="processing_fee_bps"
              render={({ field }) => (
                <NumberInput
                  label="Processing fee (% of the amount, GST added)"
                  decimalScale={2}
                  value={pct(field.value)}
                  onChange={(v) => field.onChange(bpsOf(v) ?? 0)}
                  error={errors.processing_fee_bps?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="min_amount_paise"
              render={({ field }) => (
                <NumberInput
                  label="Minimum amount (₹)"
                  decimalScale={2}
                  thousandSeparator=","
                  value={rupees(field.value)}
                  onChange={(v) => field.onChange(paiseOf(v))}
                  error={errors.min_amount_paise?.message}
                />
              )}
            />
            <Controller
              control={form.control}
              name="max_amount_paise"
              render={({ field }) => (
                <NumberInput
                  label="Maximum amount (₹)"
                  decimalScale={2}
                  thousandSeparator=","
                  value={rupees(field.value)}
                  onChange={(v) => field.onChange(paiseOf(v))}
                  error={errors.max_amount_paise?.message}
                />
              )}
            />
          </SimpleGrid>
          <SimpleGrid cols={2}>
            <Controller
              control={form.control}
              name="rate_type"
              render={({ field }) => (
                <Select
                  label="Rate type"
                  data={RATE_TYPES.map((k) => ({ value: k, label: RATE_TYPE_LABELS[k] }))}
                  value={field.value ?? 'fixed'}
                  onChange={(v) => field.onChange(v)}
                  allowDeselect={false}
                  data-testid="product-rate-type"
                />
              )}
            />
            <Controller
              control={form.control}
              name="foreclosure_charge_bps"
              render={({ field }) => (
                <NumberInput
                  label="Foreclosure charge (% of principal outstanding)"
                  description="Named in the key fact statement; a loan keeps the charge it was sanctioned with. None on a floating rate (RBI)."
                  decimalScale={2}
                  allowNegative={false}
                  value={pct(field.value)}
                  onChange={(v) => field.onChange(bpsOf(v) ?? 0)}
                  error={errors.foreclosure_charge_bps?.message}
                  data-testid="product-foreclosure-charge"
                />
              )}
            />
          </SimpleGrid>
          <Controller
            control={form.control}
            name="cooling_off_days"
            render={({ field }) => (
              <NumberInput
                label="Cooling-off period (days)"
                description={`Days after disbursal in which the borrower may exit paying principal and interest only (RBI); 0 to ${MAX_COOLING_OFF_DAYS}, shown in the key fact statement.`}
                allowDecimal={false}
                allowNegative={false}
                value={field.value ?? ''}
                // Cleared, the field is no number: the schema's message says what it takes.
                onChange={(v) => field.onChange(v === '' ? Number.NaN : Number(v))}
                error={errors.cooling_off_days?.message}
                data-testid="product-cooling-off"
              />
            )}
          />
          <Controller
            control={form.control}
            name="tenure_months"
            render={({ field }) => (
              <TextInput
                label="Tenures (months, comma-separated)"
                defaultValue={(field.value ?? []).join(', ')}
                onChange={(e) =>
                  field.onChange(
                    e.currentTarget.value
                      .split(/[,\s]+/)
                      .filter(Boolean)
                      .map(Number),
                  )
                }
                error={errors.tenure_months?.message ?? errors.tenure_months?.[0]?.message}
              />
            )}
          />
          {kind === 'loan_against_shares' ? (
            <SimpleGrid cols={3}>
              {(['ltv_bps', 'margin_call_ltv_bps', 'sell_off_ltv_bps'] as const).map((name) => (
                <Controller
                  key={name}
                  control={form.control}
                  name={name}
                  render={({ field }) => (
                    <NumberInput
                      label={
                        name === 'ltv_bps'
                          ? 'LTV (%)'
                          : name === 'margin_call_ltv_bps'
                            ? 'Margin call at (%)'
                            : 'Sell-off at (%)'
                      }
                      decimalScale={2}
                      value={pct(field.value)}
                      onChange={(v) => field.onChange(bpsOf(v))}
                      error={errors[name]?.message}
                    />
                  )}
                />
              ))}
            </SimpleGrid>
          ) : null}
          <Controller
            control={form.control}
            name="active"
            render={({ field }) => (
              <Switch
                label="Offered to clients"
                checked={field.value ?? true}
                onChange={(e) => field.onChange(e.currentTarget.checked)}
              />
            )}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
