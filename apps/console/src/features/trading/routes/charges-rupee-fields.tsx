import { NumberInput } from '@mantine/core';
import { paiseToRupeeNumber, readRupees, type TChargeSchedule } from '@sampada/shared';
import { Controller, type FieldErrors, type UseFormReturn } from 'react-hook-form';

/** The charges typed in rupees and kept in paise: the brokerage cap and the DP charge. */
export function ChargesRupeeFields({
  form,
  errors,
}: {
  form: UseFormReturn<TChargeSchedule>;
  errors: FieldErrors<TChargeSchedule>;
}) {
  return (
    <>
      <Controller
        control={form.control}
        name="brokerage_max_paise"
        render={({ field }) => (
          <NumberInput
            label="Brokerage cap (₹ per order)"
            description="0 for no cap"
            min={0}
            allowNegative={false}
            decimalScale={2}
            thousandSeparator=","
            value={paiseToRupeeNumber(field.value)}
            onChange={(v) => {
              const cap = readRupees(v === '' ? 0 : v, { allowZero: true });
              if (cap.ok) field.onChange(Number(cap.paise));
            }}
            onBlur={field.onBlur}
            error={errors.brokerage_max_paise?.message}
            data-testid="charges-brokerage_max"
          />
        )}
      />
      <Controller
        control={form.control}
        name="dp_charge_paise"
        render={({ field }) => (
          <NumberInput
            label="DP charge (₹ per scrip per day)"
            description="On the first delivery sell of a scrip each day; GST on top"
            min={0}
            allowNegative={false}
            decimalScale={2}
            thousandSeparator=","
            value={paiseToRupeeNumber(field.value)}
            onChange={(v) => {
              const dp = readRupees(v === '' ? 0 : v, { allowZero: true });
              if (dp.ok) field.onChange(Number(dp.paise));
            }}
            onBlur={field.onBlur}
            error={errors.dp_charge_paise?.message}
            data-testid="charges-dp_charge"
          />
        )}
      />
    </>
  );
}
