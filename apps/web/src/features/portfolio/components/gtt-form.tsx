import { GTT_DONE, M, type TGtt } from '@sampada/shared';
import { Alert, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { AmountField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { PinField } from '../../../components/pin-field';
import { isApiError } from '../../../lib/api-client';
import { translateMessage } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/notify';
import { useCreateGtt, useEditGtt } from '../api/gtts';
import { usePortfolioTranslation } from '../i18n';
import { GttNewFields, GttPriceFields } from './gtt-form-fields';
import { gttDefaults, gttResolver, type TGttForm, type TGttInitial } from './gtt-form-values';

/**
 * Sets a GTT (single, or OCO selling a holding: target above the price, stop below) or edits
 * one's quantity and prices. The PIN is asked as for an order; nothing is held until it fires.
 */
export function GttForm({
  gtt,
  initial,
  onDone,
}: {
  gtt?: TGtt;
  initial?: TGttInitial;
  onDone: () => void;
}) {
  const { t } = usePortfolioTranslation();
  const create = useCreateGtt();
  const edit = useEditGtt(gtt?.id ?? '');
  const saving = gtt ? edit : create;
  const { control, handleSubmit, watch, resetField } = useForm<TGttForm>({
    resolver: gttResolver(gtt),
    defaultValues: gttDefaults(gtt, initial),
  });
  const kind = watch('kind');
  const submit = handleSubmit((body) =>
    (saving.mutate as (b: unknown, o: object) => void)(body, {
      onSuccess: () => {
        toastSuccess(gtt ? GTT_DONE.edited : GTT_DONE.created);
        onDone();
      },
      onSettled: () => resetField('pin'),
    }),
  );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="gtt-form">
      <Stack gap="sm">
        {!gtt && <GttNewFields control={control} kind={kind} />}
        <AmountField
          quantity
          control={control}
          name="quantity"
          label={t('gtt.quantity')}
          data-testid="gtt-quantity"
        />
        <GttPriceFields control={control} kind={kind} />
        <PinField control={control} name="pin" label={t('pin.label')} testId="gtt-pin" />
        {saving.error ? (
          <Alert color="red" role="alert" data-testid="gtt-error">
            {translateMessage(isApiError(saving.error) ? saving.error : M.requestFailed)}
          </Alert>
        ) : null}
        <LoadingButton type="submit" loading={saving.isPending} data-testid="gtt-save">
          {t('gtt.save')}
        </LoadingButton>
      </Stack>
    </form>
  );
}
