import { formatPaise, type TCreditProduct } from '@sampada/shared';
import { Select } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { AmountInput } from '../../../components/amount-input';
import { useCreditTranslation } from '../i18n';
import { IN_DRAWER, type TLoanFormInput, type TLoanFormOutput } from './loan-application-form';

type TLoanForm = UseFormReturn<TLoanFormInput, unknown, TLoanFormOutput>;

/** The product; choosing another one clears the terms that belonged to the previous. */
export function LoanProductField({
  form,
  products,
}: {
  form: TLoanForm;
  products: TCreditProduct[];
}) {
  const { t } = useCreditTranslation();
  return (
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
  );
}

/** Amount (within the product's range) and tenure (one of the product's). */
export function LoanAmountTenureFields({
  form,
  product,
}: {
  form: TLoanForm;
  product: TCreditProduct;
}) {
  const { t } = useCreditTranslation();
  return (
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
  );
}
