import { NumberInput, Select, SimpleGrid, TextInput } from '@mantine/core';
import {
  BENCHMARK_NAME,
  CREDIT_PRODUCT_KINDS,
  MAX_COOLING_OFF_DAYS,
  RATE_TYPES,
  REPAYMENT_KINDS,
  type TCreditProductInput,
  type ZCreditProductInput,
} from '@sampada/shared';
import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { bpsOf, paiseOf, pct, rupees } from './product-form-values';

const KIND_LABELS = { loan_against_shares: 'Loan against shares', personal: 'Personal loan' };
const REPAYMENT_LABELS = { emi: 'EMI', interest_only: 'Interest only, principal at the end' };
const RATE_TYPE_LABELS = { fixed: 'Fixed for the tenure', floating: 'Floating' };

type ProductFieldsProps = {
  form: UseFormReturn<TCreditProductInput, unknown, z.output<typeof ZCreditProductInput>>;
  errors: FieldErrors<TCreditProductInput>;
};

/** Kind, repayment, rate, fee and the amount range. */
export function ProductTermsFields({ form, errors }: ProductFieldsProps) {
  return (
    <SimpleGrid cols={2}>
      <ProductKindAndRateFields form={form} errors={errors} />
      <ProductFeeAndAmountFields form={form} errors={errors} />
    </SimpleGrid>
  );
}

function ProductKindAndRateFields({ form, errors }: ProductFieldsProps) {
  return (
    <>
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
    </>
  );
}

function ProductFeeAndAmountFields({ form, errors }: ProductFieldsProps) {
  return (
    <>
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
    </>
  );
}

/** Fixed or floating, and what leaving early costs. */
export function ProductRateTypeFields({ form, errors }: ProductFieldsProps) {
  return (
    <>
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
        <Controller
          control={form.control}
          name="spread_bps"
          render={({ field }) => (
            <NumberInput
              label="Spread over the benchmark (%)"
              description={`Floating: the rate quoted is the ${BENCHMARK_NAME} of the day plus this; the annual rate above is then not used.`}
              decimalScale={2}
              allowNegative={false}
              value={pct(field.value)}
              // A half-typed "8." is no percent yet: the last whole value stands until it is.
              onChange={(v) => field.onChange(v === '' ? 0 : (bpsOf(v) ?? field.value))}
              error={errors.spread_bps?.message}
              data-testid="product-spread"
            />
          )}
        />
        <Controller
          control={form.control}
          name="reset_months"
          render={({ field }) => (
            <NumberInput
              label="Reset every (months)"
              description="Floating: a loan's rate is reset to the benchmark plus its spread on the due date ending each period."
              allowDecimal={false}
              allowNegative={false}
              value={field.value ?? ''}
              onChange={(v) => field.onChange(v === '' ? Number.NaN : Number(v))}
              error={errors.reset_months?.message}
              data-testid="product-reset-months"
            />
          )}
        />
      </SimpleGrid>
    </>
  );
}

/** The cooling-off period and the tenures offered. */
export function ProductTenureFields({ form, errors }: ProductFieldsProps) {
  return (
    <>
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
    </>
  );
}

/** The loan-to-value limits of a loan against shares. */
export function ProductLtvFields({ form, errors }: ProductFieldsProps) {
  return (
    <>
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
    </>
  );
}
