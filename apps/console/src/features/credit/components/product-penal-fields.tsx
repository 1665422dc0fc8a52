import { NumberInput, Select, SimpleGrid } from '@mantine/core';
import {
  PENAL_KINDS,
  penalChargeText,
  type TCreditProductInput,
  type ZCreditProductInput,
} from '@sampada/shared';
import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { bpsOf, paiseOrNull, pct, rupees } from './product-form-values';

const PENAL_KIND_LABELS = {
  rate: 'A rate a year on the overdue principal',
  flat: 'A flat amount per overdue instalment',
};

type PenalFieldsProps = {
  form: UseFormReturn<TCreditProductInput, unknown, z.output<typeof ZCreditProductInput>>;
  errors: FieldErrors<TCreditProductInput>;
};

/**
 * The penal charge (RBI, 18 Aug 2023): one kind, one figure. Changing the kind zeroes the other
 * kind's figure, since the schema refuses a product that carries both.
 */
export function ProductPenalFields({ form, errors }: PenalFieldsProps) {
  const kind = form.watch('penal_kind') ?? 'rate';
  const said = penalChargeText(
    kind,
    form.watch('penal_rate_bps') ?? 0,
    form.watch('penal_flat_paise') ?? 0,
  );
  const summary = `${said ?? 'No penal charge'}. Named in the key fact statement; never interest, never compounded.`;
  return (
    <SimpleGrid cols={2}>
      <Controller
        control={form.control}
        name="penal_kind"
        render={({ field }) => (
          <Select
            label="Penal charge"
            data={PENAL_KINDS.map((k) => ({ value: k, label: PENAL_KIND_LABELS[k] }))}
            value={field.value ?? 'rate'}
            onChange={(v) => {
              field.onChange(v);
              form.setValue(v === 'flat' ? 'penal_rate_bps' : 'penal_flat_paise', 0);
            }}
            allowDeselect={false}
            data-testid="product-penal-kind"
          />
        )}
      />
      {kind === 'flat' ? (
        <Controller
          key="flat"
          control={form.control}
          name="penal_flat_paise"
          render={({ field }) => (
            <NumberInput
              label="Flat penal charge (₹ per overdue instalment)"
              description={summary}
              decimalScale={2}
              thousandSeparator=","
              allowNegative={false}
              value={rupees(field.value)}
              // A half-typed "500." is no amount yet: the last whole value stands until it is.
              onChange={(v) => field.onChange(v === '' ? 0 : (paiseOrNull(v) ?? field.value))}
              error={errors.penal_flat_paise?.message}
              data-testid="product-penal-flat"
            />
          )}
        />
      ) : (
        <Controller
          key="rate"
          control={form.control}
          name="penal_rate_bps"
          render={({ field }) => (
            <NumberInput
              label="Penal rate (% a year on overdue principal)"
              description={summary}
              decimalScale={2}
              allowNegative={false}
              value={pct(field.value)}
              onChange={(v) => field.onChange(v === '' ? 0 : (bpsOf(v) ?? field.value))}
              error={errors.penal_rate_bps?.message}
              data-testid="product-penal-rate"
            />
          )}
        />
      )}
    </SimpleGrid>
  );
}
