import { SegmentedControl, SimpleGrid, TextInput } from '@mantine/core';
import { type Control, Controller } from 'react-hook-form';
import { AmountField } from '../../../components/form-fields';
import { sideLabel } from '../../../components/trading/trade-labels';
import { usePortfolioTranslation } from '../i18n';
import type { TGttForm } from './gtt-form-values';

/** What only a new GTT chooses: single or OCO, the symbol, and a single one's side. */
export function GttNewFields({
  control,
  kind,
}: {
  control: Control<TGttForm>;
  kind: TGttForm['kind'];
}) {
  const { t } = usePortfolioTranslation();
  return (
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
  );
}

/** The target's trigger and limit, and for an OCO the stop's. */
export function GttPriceFields({
  control,
  kind,
}: {
  control: Control<TGttForm>;
  kind: TGttForm['kind'];
}) {
  const { t } = usePortfolioTranslation();
  return (
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
  );
}
