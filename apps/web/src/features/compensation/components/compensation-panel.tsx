import {
  COMPENSATION_CATEGORIES,
  CPM,
  formatPaise,
  MAX_EVIDENCE_IMAGES,
  readRupees,
  type TClaimDetail,
  type TDepositView,
  type TOrder,
  type TWithdrawalView,
  ZCompensationApply,
} from '@sampada/shared';
import { compensationCategoryLabel } from '../../../components/shared-labels';
import { Alert, Button, NativeSelect, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { AmountInput } from '../../../components/amount-input';
import { MultiImageUpload } from '../../../components/multi-image-upload';
import { apiGet, toastFailure } from '../../../lib/api-client';
import { useProfile } from '../../../lib/auth';
import { requestResolver } from '../../../lib/forms';
import { uploadEvidence, useApplyClaim } from '../api/claims';
import { useCompensationTranslation } from '../i18n';

type TValues = {
  category: string;
  amount: string | number;
  description: string;
  related: string;
  images: File[];
};

/** The client's own orders, deposits and withdrawals, for the "concerns" picker. */
function useOwnRecords() {
  return useQuery({
    queryKey: ['compensation', 'own-records'],
    queryFn: async () => {
      const [orders, deposits, withdrawals] = await Promise.all([
        apiGet<{ items: TOrder[] }>('/trade/app/v1/orders', {
          params: { limit: 50 },
          silent: true,
        }),
        apiGet<{ items: TDepositView[] }>('/funds/app/v1/deposits', { silent: true }),
        apiGet<{ items: TWithdrawalView[] }>('/funds/app/v1/withdrawals', { silent: true }),
      ]);
      return [
        ...orders.items.map((o) => ({
          value: `order:${o.id}`,
          label: `Order ${o.side.toUpperCase()} ${o.quantity} ${o.symbol}`,
        })),
        ...deposits.items.map((d) => ({
          value: `deposit:${d.id}`,
          label: `Deposit ${formatPaise(d.amount_paise)} · ${d.created_at.slice(0, 10)}`,
        })),
        ...withdrawals.items.map((w) => ({
          value: `withdrawal:${w.id}`,
          label: `Withdrawal ${formatPaise(w.amount_paise)} · ${w.created_at.slice(0, 10)}`,
        })),
      ];
    },
  });
}

const toRequest = (values: TValues) => {
  const read = readRupees(values.amount);
  const [kind, id] = values.related ? values.related.split(':') : [];
  return {
    category: values.category,
    amount_paise: read.ok ? Number(read.paise) : values.amount === '' ? '' : -1,
    description: values.description,
    related: kind && id ? { kind, id } : null,
    evidence: [] as string[],
  };
};

/** The Compensation Application drawer (spec §2): only with allow_compensation. */
export function CompensationPanel() {
  const { t } = useCompensationTranslation();
  const { data: profile } = useProfile();
  const records = useOwnRecords();
  const [done, setDone] = useState<TClaimDetail | null>(null);
  const [uploading, setUploading] = useState(false);
  const apply = useApplyClaim(setDone);
  const form = useForm<TValues>({
    defaultValues: { category: '', amount: '', description: '', related: '', images: [] },
    resolver: requestResolver(ZCompensationApply as never, { toRequest: toRequest as never }),
  });

  if (profile && !profile.allow_compensation) return <Alert color="gray">{CPM.notAllowed}</Alert>;
  if (done)
    return (
      <Stack gap="sm" data-testid="claim-submitted">
        <Title order={3} size="h4">
          {t('submitted')}
        </Title>
        <Text>{t('reference', { reference: done.reference })}</Text>
        <Text>{t('due', { date: done.decision_due })}</Text>
      </Stack>
    );

  const submit = form.handleSubmit(async (request, event) => {
    void event;
    const values = form.getValues();
    try {
      setUploading(true);
      const evidence = await uploadEvidence(values.images);
      apply.mutate({ ...(request as object), evidence } as never, {
        onError: (error) => toastFailure(t('failed'), error),
      });
    } catch (error) {
      toastFailure(t('failed'), error);
    } finally {
      setUploading(false);
    }
  });
  const { errors } = form.formState;

  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="sm" data-testid="compensation-form">
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
              error={(errors as Record<string, { message?: string }>).amount_paise?.message}
              data-testid="claim-amount"
            />
          )}
        />
        <Controller
          control={form.control}
          name="related"
          render={({ field }) => (
            <Select
              label={t('related')}
              placeholder={t('relatedNone')}
              clearable
              searchable
              data={records.data ?? []}
              value={field.value || null}
              onChange={(v) => field.onChange(v ?? '')}
              data-testid="claim-related"
            />
          )}
        />
        <Textarea
          label={t('description')}
          autosize
          minRows={3}
          {...form.register('description')}
          error={errors.description?.message}
          data-testid="claim-description"
        />
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
        <Button type="submit" loading={uploading || apply.isPending} data-testid="claim-submit">
          {t('submit')}
        </Button>
      </Stack>
    </form>
  );
}
