import {
  GTT_DONE,
  gttCreateWith,
  M,
  paiseToRupeeText,
  ZGttEdit,
  type TGtt,
  type TGttCreate,
  type TGttEdit,
} from '@sampada/shared';
import { Alert, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { Controller, useForm } from 'react-hook-form';
import { AmountField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { PinField, ZPinTyped } from '../../../components/pin-field';
import { isApiError } from '../../../lib/api-client';
import { requestResolver } from '../../../lib/forms';
import { sideLabel } from '../../../components/trading/trade-labels';
import { translateMessage } from '../../../lib/i18n';
import { toastSuccess } from '../../../lib/notify';
import { useCreateGtt, useEditGtt } from '../api/gtts';
import { usePortfolioTranslation } from '../i18n';

interface TGttForm {
  kind: 'single' | 'oco';
  symbol: string;
  side: 'buy' | 'sell';
  quantity: string | number;
  trigger_price: string | number;
  limit_price: string | number;
  stop_trigger_price: string | number;
  stop_limit_price: string | number;
  pin: string;
}

const ZGttCreateTyped = gttCreateWith(ZPinTyped);
const ZGttEditTyped = ZGttEdit.extend({ pin: ZPinTyped });
const text = (value: string | number) => String(value).trim();
const rupees = (paise: number | undefined) => (paise === undefined ? '' : paiseToRupeeText(paise));

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
  initial?: Partial<Pick<TGttForm, 'kind' | 'symbol' | 'side' | 'quantity'>>;
  onDone: () => void;
}) {
  const { t } = usePortfolioTranslation();
  const create = useCreateGtt();
  const edit = useEditGtt(gtt?.id ?? '');
  const saving = gtt ? edit : create;
  const { control, handleSubmit, watch, resetField } = useForm<TGttForm>({
    resolver: gtt
      ? (requestResolver(ZGttEditTyped, {
          toRequest: (v: TGttForm): TGttEdit => ({
            quantity: text(v.quantity),
            trigger_price: text(v.trigger_price),
            limit_price: text(v.limit_price),
            ...(gtt.kind === 'oco'
              ? {
                  stop_trigger_price: text(v.stop_trigger_price),
                  stop_limit_price: text(v.stop_limit_price),
                }
              : {}),
            pin: v.pin,
          }),
        }) as never)
      : (requestResolver(ZGttCreateTyped, {
          toRequest: (v: TGttForm): TGttCreate => ({
            kind: v.kind,
            symbol: v.symbol,
            // An OCO protects a holding: it always sells (the side control is hidden for it).
            side: v.kind === 'oco' ? 'sell' : v.side,
            quantity: text(v.quantity),
            trigger_price: text(v.trigger_price),
            limit_price: text(v.limit_price),
            ...(v.kind === 'oco'
              ? {
                  stop_trigger_price: text(v.stop_trigger_price),
                  stop_limit_price: text(v.stop_limit_price),
                }
              : {}),
            pin: v.pin,
          }),
        }) as never),
    defaultValues: {
      kind: gtt?.kind ?? initial?.kind ?? 'single',
      symbol: gtt?.symbol ?? initial?.symbol ?? '',
      side: gtt?.side ?? initial?.side ?? 'buy',
      quantity: gtt?.quantity ?? initial?.quantity ?? '',
      trigger_price: rupees(gtt?.target.trigger_price_paise),
      limit_price: rupees(gtt?.target.limit_price_paise),
      stop_trigger_price: rupees(gtt?.stop?.trigger_price_paise),
      stop_limit_price: rupees(gtt?.stop?.limit_price_paise),
      pin: '',
    },
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
        {!gtt && (
          <>
            <Controller
              control={control}
              name="kind"
              render={({ field }) => (
                <SegmentedControl
                  fullWidth
                  aria-label={t('gtt.kind')}
                  value={field.value}
                  onChange={field.onChange}
                  data={[
                    { value: 'single', label: t('gtt.single') },
                    { value: 'oco', label: t('gtt.oco') },
                  ]}
                  data-testid="gtt-kind"
                />
              )}
            />
            <Controller
              control={control}
              name="symbol"
              render={({ field, fieldState }) => (
                <TextInput
                  label={t('gtt.symbol')}
                  {...field}
                  error={fieldState.error?.message}
                  data-testid="gtt-symbol"
                />
              )}
            />
            {kind === 'single' && (
              <Controller
                control={control}
                name="side"
                render={({ field }) => (
                  <SegmentedControl
                    fullWidth
                    aria-label={t('gtt.side')}
                    value={field.value}
                    onChange={field.onChange}
                    data={[
                      { value: 'buy', label: sideLabel('buy') },
                      { value: 'sell', label: sideLabel('sell') },
                    ]}
                    data-testid="gtt-side"
                  />
                )}
              />
            )}
          </>
        )}
        <AmountField
          quantity
          control={control}
          name="quantity"
          label={t('gtt.quantity')}
          data-testid="gtt-quantity"
        />
        <SimpleGrid cols={2} spacing="sm">
          <AmountField
            control={control}
            name="trigger_price"
            label={kind === 'oco' ? t('gtt.targetTrigger') : t('gtt.trigger')}
            data-testid="gtt-trigger"
          />
          <AmountField
            control={control}
            name="limit_price"
            label={kind === 'oco' ? t('gtt.targetLimit') : t('gtt.limit')}
            data-testid="gtt-limit"
          />
          {kind === 'oco' && (
            <>
              <AmountField
                control={control}
                name="stop_trigger_price"
                label={t('gtt.stopTrigger')}
                data-testid="gtt-stop-trigger"
              />
              <AmountField
                control={control}
                name="stop_limit_price"
                label={t('gtt.stopLimit')}
                data-testid="gtt-stop-limit"
              />
            </>
          )}
        </SimpleGrid>
        <PinField control={control} name="pin" label={t('pin.label')} testId="gtt-pin" />
        {saving.error ? (
          <Alert color="red" role="alert" data-testid="gtt-error">
            {translateMessage(isApiError(saving.error) ? saving.error.message : M.requestFailed)}
          </Alert>
        ) : null}
        <LoadingButton type="submit" loading={saving.isPending} data-testid="gtt-save">
          {t('gtt.save')}
        </LoadingButton>
      </Stack>
    </form>
  );
}
