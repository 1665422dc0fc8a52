import { CPM, type TClaimDetail, ZCompensationApply } from '@sampada/shared';
import { Alert, Button, Select, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { toastFailure } from '../../../lib/api-client';
import { formatDay } from '../../../lib/datetime';
import { useProfile } from '../../../lib/auth';
import { requestResolver } from '../../../lib/forms';
import { uploadEvidence, useApplyClaim } from '../api/claims';
import { useCompensationTranslation } from '../i18n';
import { ClaimCategoryAmountFields, ClaimEvidenceField } from './compensation-fields';
import { toRequest, type TValues, useOwnRecords } from './compensation-form';

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
        <Text>{t('due', { date: formatDay(done.decision_due) })}</Text>
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
        <ClaimCategoryAmountFields form={form} />
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
        <ClaimEvidenceField form={form} />
        <Button type="submit" loading={uploading || apply.isPending} data-testid="claim-submit">
          {t('submit')}
        </Button>
      </Stack>
    </form>
  );
}
