import {
  ALERT_DIRECTIONS,
  formatPaise,
  type TAlertDirection,
  type TPriceAlertRequest,
  ZPriceAlertRequest,
} from '@sampada/shared';
import { Button, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBellPlus } from '@tabler/icons-react';
import { Controller, useForm } from 'react-hook-form';
import { formatPrice } from '../../../../lib/market/format';
import { isApiError } from '../../../../lib/api-client';
import { requestResolver } from '../../../../lib/forms';
import { translateMessage } from '../../../../lib/i18n';
import { toastSuccess } from '../../../../lib/notify';
import { useCreatePriceAlert } from '../../../../lib/market/price-alerts';
import { useMarketTranslation } from '../../i18n';

type TValues = { direction: TAlertDirection; price: string };

/** "Set alert" on a stock: above or below a price; the feed fires it once (docs/api-market.md). */
export function PriceAlertButton({ symbol, price }: { symbol: string; price: number | null }) {
  const { t } = useMarketTranslation();
  const [opened, modal] = useDisclosure(false);
  return (
    <>
      <Button
        variant="default"
        size="sm"
        leftSection={<IconBellPlus size={16} aria-hidden />}
        onClick={modal.open}
        data-testid="price-alert-open"
      >
        {t('alerts.set')}
      </Button>
      <Modal opened={opened} onClose={modal.close} title={t('alerts.title', { symbol })} centered>
        {opened && <PriceAlertForm symbol={symbol} price={price} onDone={modal.close} />}
      </Modal>
    </>
  );
}

function PriceAlertForm({
  symbol,
  price,
  onDone,
}: {
  symbol: string;
  price: number | null;
  onDone: () => void;
}) {
  const { t } = useMarketTranslation();
  const create = useCreatePriceAlert();
  const form = useForm<TValues, unknown, TPriceAlertRequest>({
    defaultValues: { direction: 'above', price: '' },
    resolver: requestResolver<TValues, TPriceAlertRequest>(ZPriceAlertRequest, {
      toRequest: (values) => ({ symbol, ...values }),
    }),
  });
  const submit = form.handleSubmit(async (request) => {
    const alert = await create.mutateAsync(request).catch((error: unknown) => {
      // The server's refusal (the price already there, too many alerts) shows on the field.
      if (isApiError(error)) form.setError('price', { message: error.message });
      return null;
    });
    if (!alert) return;
    toastSuccess(
      t('alerts.created', {
        symbol,
        direction: t(`alerts.${alert.direction}`).toLowerCase(),
        price: formatPaise(alert.price_paise),
      }),
    );
    onDone();
  });
  const error = form.formState.errors;
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {price !== null && (
          <Text size="sm" c="dimmed">
            {t('alerts.lastPrice', { price: formatPrice(price) })}
          </Text>
        )}
        <Text size="sm" fw={500} id="alert-direction-label">
          {t('alerts.direction')}
        </Text>
        <Controller
          control={form.control}
          name="direction"
          render={({ field }) => (
            <SegmentedControl
              aria-labelledby="alert-direction-label"
              value={field.value}
              onChange={(value) => field.onChange(value as TAlertDirection)}
              data={ALERT_DIRECTIONS.map((d) => ({ value: d, label: t(`alerts.${d}`) }))}
              fullWidth
            />
          )}
        />
        <TextInput
          label={t('alerts.price')}
          inputMode="decimal"
          autoComplete="off"
          data-testid="price-alert-price"
          error={translateMessage(error.price?.message) || undefined}
          {...form.register('price')}
        />
        <Button type="submit" loading={create.isPending} data-testid="price-alert-submit">
          {t('alerts.submit')}
        </Button>
      </Stack>
    </form>
  );
}
