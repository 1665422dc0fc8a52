import {
  M,
  paiseToRupeeText,
  TRADING_DONE,
  ZOrderModifyRequest,
  type TOrder,
  type TOrderModifyRequest,
} from '@sampada/shared';
import { Alert, Stack } from '@mantine/core';
import { useForm } from 'react-hook-form';
import { AmountField } from '../../../components/form-fields';
import { LoadingButton } from '../../../components/loading-button';
import { PinField, ZPinTyped } from '../../../components/pin-field';
import { isApiError } from '../../../lib/api-client';
import { requestResolver } from '../../../lib/forms';
import { translateMessage } from '../../../lib/i18n';
import { usePortfolioTranslation } from '../i18n';
import { toastSuccess } from '../../../lib/notify';
import { useModifyOrder } from '../api/modify-order';

interface TModifyForm {
  quantity: string | number;
  limit_price: string | number;
  trigger_price: string | number;
  pin: string;
}

const ZModifyTyped = ZOrderModifyRequest.extend({ pin: ZPinTyped });
const text = (value: string | number) => String(value).trim();

/**
 * Changes an awaiting limit, SL or SL-M order's quantity, limit or trigger (a triggered stop
 * keeps its trigger). The server moves the hold or the reserved shares by the difference.
 */
export function ModifyOrderForm({ order, onDone }: { order: TOrder; onDone: () => void }) {
  const modify = useModifyOrder(order.id);
  const hasLimit = order.type === 'limit' || order.type === 'sl';
  const hasTrigger = (order.type === 'sl' || order.type === 'sl_m') && !order.triggered_at;
  const { t } = usePortfolioTranslation();
  const { control, handleSubmit, resetField } = useForm<TModifyForm>({
    resolver: requestResolver(ZModifyTyped, {
      toRequest: (v: TModifyForm): TOrderModifyRequest => ({
        quantity: text(v.quantity),
        ...(hasLimit ? { limit_price: text(v.limit_price) } : {}),
        ...(hasTrigger ? { trigger_price: text(v.trigger_price) } : {}),
        pin: v.pin,
      }),
    }) as never,
    defaultValues: {
      quantity: order.quantity,
      limit_price: order.price_paise === null ? '' : paiseToRupeeText(order.price_paise),
      trigger_price:
        order.trigger_price_paise === null ? '' : paiseToRupeeText(order.trigger_price_paise),
      pin: '',
    },
  });
  const submit = handleSubmit((body) =>
    (modify.mutate as (b: unknown, o: object) => void)(body, {
      onSuccess: () => {
        toastSuccess(TRADING_DONE.orderModified);
        onDone();
      },
      onSettled: () => resetField('pin'),
    }),
  );
  return (
    <form onSubmit={(e) => void submit(e)} noValidate data-testid="modify-form">
      <Stack gap="sm">
        <AmountField
          quantity
          control={control}
          name="quantity"
          label={t('modify.quantity')}
          data-testid="modify-quantity"
        />
        {hasTrigger && (
          <AmountField
            control={control}
            name="trigger_price"
            label={t('modify.trigger')}
            data-testid="modify-trigger"
          />
        )}
        {hasLimit && (
          <AmountField
            control={control}
            name="limit_price"
            label={t('modify.limit')}
            data-testid="modify-limit"
          />
        )}
        <PinField control={control} name="pin" label={t('pin.label')} testId="modify-pin" />
        {modify.error ? (
          <Alert color="red" role="alert" data-testid="modify-error">
            {translateMessage(isApiError(modify.error) ? modify.error : M.requestFailed)}
          </Alert>
        ) : null}
        <LoadingButton type="submit" loading={modify.isPending} data-testid="modify-save">
          {t('modify.submit')}
        </LoadingButton>
      </Stack>
    </form>
  );
}
