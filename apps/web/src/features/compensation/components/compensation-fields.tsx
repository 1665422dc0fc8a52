import { COMPENSATION_CATEGORIES, MAX_EVIDENCE_IMAGES } from '@sampada/shared';
import { NativeSelect, Stack, Text } from '@mantine/core';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { AmountInput } from '../../../components/amount-input';
import { MultiImageUpload } from '../../../components/multi-image-upload';
import { compensationCategoryLabel } from '../../../components/shared-labels';
import { useCompensationTranslation } from '../i18n';
import type { TValues } from './compensation-form';

/** What the claim is about and the amount asked for. */
export function ClaimCategoryAmountFields({ form }: { form: UseFormReturn<TValues> }) {
  const { t } = useCompensationTranslation();
  const { errors } = form.formState;
  return (
    <>
      <Controller
        control={form.control}
        name="category"
        render={({ field }) => (
          // A native select: the phone's own picker, steady inside the slide-up drawer.
          <NativeSelect
            label={t('category')}
            data={[
              { value: '', label: t('choose') },
              ...COMPENSATION_CATEGORIES.map((c) => ({
                value: c,
                label: compensationCategoryLabel(c),
              })),
            ]}
            value={field.value}
            onChange={(e) => field.onChange(e.currentTarget.value)}
            error={errors.category?.message}
            data-testid="claim-category"
          />
        )}
      />
      <Controller
        control={form.control}
        name="amount"
        render={({ field }) => (
          <AmountInput
            label={t('amount')}
            value={field.value}
            onChange={field.onChange}
            error={errors.amount?.message}
            data-testid="claim-amount"
          />
        )}
      />
    </>
  );
}

/** Up to MAX_EVIDENCE_IMAGES images, uploaded when the claim is sent. */
export function ClaimEvidenceField({ form }: { form: UseFormReturn<TValues> }) {
  const { t } = useCompensationTranslation();
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        {t('evidence')}
      </Text>
      <Controller
        control={form.control}
        name="images"
        render={({ field }) => (
          <MultiImageUpload
            value={field.value}
            onChange={field.onChange}
            max={MAX_EVIDENCE_IMAGES}
          />
        )}
      />
    </Stack>
  );
}
